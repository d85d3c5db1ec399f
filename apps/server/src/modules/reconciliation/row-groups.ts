import type { RowGroup } from '@sufel/contract';
import { formatPeriod, type Cents, type ProposalRow } from '@sufel/sire';
import { centsOf, formatCents } from './cents.js';

/** A document SUFEL holds, as a proposed row is compared with it. */
export interface HeldDocument {
  id: number;
  car: string;
  tipo: string;
  /** `YYYY-MM-DD`. */
  fecha: string;
  moneda: string;
  /** NUMERIC as text. */
  total: string;
  base_gravada: string;
  igv: string;
  /** False until the register amounts were read from the XML: only the total can be compared. */
  importes_leidos: boolean;
  baja: boolean;
  /** SUNAT's `estadoCp` from the consulta integrada, when it was checked. */
  estado_cp: string | null;
  checked_at: Date | null;
  sire_periodo: string | null;
  sire_excluido: string | null;
}

/** Where the CAR was seen before this row. */
export interface EarlierSighting {
  /** An earlier line of the same file. */
  line?: number;
  /** Another proposal of the same period already imported. */
  proposal?: { id: number; importedAt: Date };
}

export interface RowVerdict {
  group: RowGroup;
  reason: string;
  /** The proposal's base (fields 15 + 17 + 19) and IGV (16 + 18 + 20), in cents. */
  base: Cents;
  igv: Cents;
}

/** SUNAT's tolerance when a register's amounts are compared (Annex 8). */
const TOLERANCE: Cents = 100;
/** Credit notes are negative in the proposal and positive in the XML. */
const NEGATIVE_TYPES = new Set(['07', '87']);

/** Tabla 14: `Est. Comp.` other than 1 (Activo). */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  '2': 'de baja',
  '3': 'revertido',
  '4': 'anulado por una nota de crédito tipo 02',
  '5': 'autorizado (impreso), no electrónico',
  '6': 'no autorizado',
};

function sunatDay(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

function limaDay(at: Date): string {
  return sunatDay(new Date(at.getTime() - 5 * 3600_000).toISOString().slice(0, 10));
}

/** What the document's history with SIRE adds to the reason. */
function history(held: HeldDocument, period: string): string {
  const notes: string[] = [];
  if (held.sire_periodo !== null && held.sire_periodo < period) {
    notes.push(`Propuesto por primera vez en ${formatPeriod(held.sire_periodo)}.`);
  }
  if (held.sire_excluido !== null) {
    notes.push(`Excluido con el archivo para SIRE de ${formatPeriod(held.sire_excluido)}.`);
  }
  return notes.length === 0 ? '' : ` ${notes.join(' ')}`;
}

interface Difference {
  label: string;
  sire: Cents;
  sufel: Cents;
}

function differenceText({ label, sire, sufel }: Difference): string {
  return `${label}: SIRE ${formatCents(sire)}, SUFEL ${formatCents(sufel)} (diferencia ${formatCents(Math.abs(sire - sufel))})`;
}

function amountDifferences(
  row: ProposalRow,
  held: HeldDocument,
  base: Cents,
  igv: Cents,
): Difference[] {
  const sign = NEGATIVE_TYPES.has(row.type) ? Math.abs : (cents: Cents) => cents;
  const compared: Difference[] = [
    { label: 'Total', sire: sign(row.amounts.total), sufel: centsOf(held.total) },
  ];
  if (held.importes_leidos) {
    compared.push(
      { label: 'Base imponible', sire: sign(base), sufel: centsOf(held.base_gravada) },
      { label: 'IGV', sire: sign(igv), sufel: centsOf(held.igv) },
    );
  }
  return compared.filter(({ sire, sufel }) => sire !== sufel);
}

/**
 * The group of one proposed row, the first that applies (issue order):
 * duplicado, anulado, sin_xml, conciliado, diferencia_menor, importe_distinto.
 */
export function groupOfRow(
  row: ProposalRow,
  held: HeldDocument | undefined,
  earlier: EarlierSighting,
  period: string,
): RowVerdict {
  const base = row.amounts.baseDg + row.amounts.baseDgng + row.amounts.baseDng;
  const igv = row.amounts.igvDg + row.amounts.igvDgng + row.amounts.igvDng;
  const verdict = (group: RowGroup, reason: string): RowVerdict => ({ group, reason, base, igv });

  if (earlier.line !== undefined) {
    return verdict(
      'duplicado',
      `El CAR ya figura en la línea ${earlier.line} de esta propuesta: se registra una sola vez.`,
    );
  }
  if (earlier.proposal !== undefined) {
    return verdict(
      'duplicado',
      `El CAR ya figura en otra propuesta de ${formatPeriod(period)}, importada el ${limaDay(earlier.proposal.importedAt)} (conciliación ${earlier.proposal.id}): se registra una sola vez.`,
    );
  }
  if (row.status !== null && row.status !== '1') {
    const words = STATUS_WORDS[row.status] ?? `en estado ${row.status}`;
    return verdict(
      'anulado',
      `SUNAT lo informa ${words} (Est. Comp. ${row.status}): no debe registrarse.`,
    );
  }
  if (held?.baja === true) {
    return verdict('anulado', 'El emisor lo dio de baja en SUFEL: no debe registrarse.');
  }
  if (held?.estado_cp === '2') {
    const when = held.checked_at === null ? '' : ` del ${limaDay(held.checked_at)}`;
    return verdict(
      'anulado',
      `La consulta a SUNAT${when} lo informa ANULADO: no debe registrarse.`,
    );
  }
  if (held === undefined) {
    return verdict('sin_xml', 'SUFEL no tiene este comprobante: pida el XML al proveedor.');
  }

  const notes = history(held, period);
  const mismatches: string[] = [];
  if (row.issueDate !== held.fecha) {
    mismatches.push(`Fecha: SIRE ${sunatDay(row.issueDate)}, SUFEL ${sunatDay(held.fecha)}`);
  }
  if (row.currency !== held.moneda) {
    mismatches.push(`Moneda: SIRE ${row.currency}, SUFEL ${held.moneda}`);
  }
  const differences = amountDifferences(row, held, base, igv);
  const unread = held.importes_leidos
    ? ''
    : ' (base e IGV aún no leídos del XML: solo se comparó el total)';
  if (mismatches.length === 0 && differences.length === 0) {
    return verdict(
      'conciliado',
      `Coincide con el XML en fecha, moneda, total, base imponible e IGV${unread}.${notes}`,
    );
  }
  const amounts = differences.map(differenceText);
  if (
    mismatches.length === 0 &&
    differences.every(({ sire, sufel }) => Math.abs(sire - sufel) <= TOLERANCE)
  ) {
    return verdict(
      'diferencia_menor',
      `Diferencias dentro de ±1.00, la tolerancia de SUNAT: ${amounts.join('; ')}${unread}.${notes}`,
    );
  }
  return verdict('importe_distinto', `${[...mismatches, ...amounts].join('; ')}${unread}.${notes}`);
}
