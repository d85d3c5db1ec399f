import {
  COND_DOMI_RUC_WORDS,
  DOCUMENT_TYPES,
  ESTADO_CP_WORDS,
  ESTADO_RUC_WORDS,
  isDocumentTypeCode,
  ORIGIN_WORDS,
  toLimaDate,
  VALIDITY_WARNING_WORDS,
  validityWarnings,
  VERDICT_WORDS,
  type Validity,
} from '@sufel/contract';
import type { DocumentRow } from '../../db/types.js';
import { verdictOfRow } from '../documents/document-verdict.js';

/** A document as an export lists it: its row and SUNAT's latest answer about it. */
export type ExportRow = DocumentRow & { validity: Validity | null };

/** How a value is written: a calendar day, a decimal amount, a whole number or text. */
export type CellKind = 'date' | 'amount' | 'integer' | 'text';

export interface PurchaseColumn {
  header: string;
  kind: CellKind;
  /** Width in characters in the spreadsheet. */
  width: number;
  /** Text as stored (`YYYY-MM-DD` for days, decimal text for amounts); null leaves the cell empty. */
  value(row: ExportRow): string | number | null;
}

/** An amount, unless the document still waits for the backfill to read its amounts. */
function amount(read: (row: DocumentRow) => string) {
  return (row: DocumentRow) => (row.importes_leidos ? read(row) : null);
}

/** A money fact, unless the document still waits for the backfill to read them. */
function money(read: (row: DocumentRow) => string | number | null) {
  return (row: DocumentRow) => (row.dinero_leido ? read(row) : null);
}

/** The signature check in words; null until it ran. */
const SIGNATURE_WORDS: Readonly<Record<NonNullable<DocumentRow['firma_estado']>, string>> = {
  valida: 'Válida',
  invalida: 'No válida: XML alterado',
  ausente: 'Sin firma',
};

/** SUNAT's word for a code, or the code when SUNAT's catalogue does not name it. */
function word(words: Readonly<Record<string, string>>, code: string | null): string | null {
  return code === null ? null : (words[code] ?? code);
}

/**
 * One row per document, in the order and with the names of a purchase register,
 * then its verdict and signature, and SUNAT's latest answer (consulta
 * integrada) in its words.
 */
export const PURCHASE_COLUMNS: readonly PurchaseColumn[] = [
  { header: 'Fecha de emisión', kind: 'date', width: 12, value: (row) => row.fecha },
  { header: 'Fecha de vencimiento', kind: 'date', width: 12, value: (row) => row.vencimiento },
  { header: 'Tipo', kind: 'text', width: 6, value: (row) => row.tipo },
  {
    header: 'Tipo de comprobante',
    kind: 'text',
    width: 16,
    value: (row) => (isDocumentTypeCode(row.tipo) ? DOCUMENT_TYPES[row.tipo].label : row.tipo),
  },
  { header: 'Serie', kind: 'text', width: 7, value: (row) => row.serie },
  { header: 'Número', kind: 'integer', width: 10, value: (row) => row.numero },
  { header: 'RUC del emisor', kind: 'text', width: 13, value: (row) => row.emisor },
  { header: 'Razón social del emisor', kind: 'text', width: 40, value: (row) => row.emisor_nombre },
  { header: 'Moneda', kind: 'text', width: 8, value: (row) => row.moneda },
  { header: 'Base imponible', kind: 'amount', width: 14, value: amount((row) => row.base_gravada) },
  { header: 'Exonerado', kind: 'amount', width: 12, value: amount((row) => row.exonerado) },
  { header: 'Inafecto', kind: 'amount', width: 12, value: amount((row) => row.inafecto) },
  { header: 'Valor gratuito', kind: 'amount', width: 12, value: amount((row) => row.gratuito) },
  { header: 'IGV', kind: 'amount', width: 12, value: amount((row) => row.igv) },
  { header: 'ISC', kind: 'amount', width: 10, value: amount((row) => row.isc) },
  { header: 'ICBPER', kind: 'amount', width: 10, value: amount((row) => row.icbper) },
  {
    header: 'Otros tributos y cargos',
    kind: 'amount',
    width: 12,
    value: amount((row) => row.otros_cargos),
  },
  { header: 'Descuentos', kind: 'amount', width: 12, value: amount((row) => row.descuentos) },
  { header: 'Importe total', kind: 'amount', width: 14, value: (row) => row.total },
  {
    header: 'Forma de pago',
    kind: 'text',
    width: 9,
    value: money((row) => (row.forma_pago === 'Credito' ? 'Crédito' : row.forma_pago)),
  },
  { header: 'Cuotas', kind: 'integer', width: 7, value: money((row) => row.cuotas) },
  {
    header: 'Detracción',
    kind: 'text',
    width: 10,
    value: money((row) => (row.detraccion ? 'Sí' : 'No')),
  },
  {
    header: 'Código de detracción',
    kind: 'text',
    width: 10,
    value: money((row) => row.detraccion_codigo),
  },
  {
    header: '% de detracción',
    kind: 'amount',
    width: 9,
    value: money((row) => row.detraccion_porcentaje),
  },
  {
    header: 'Detracción (S/)',
    kind: 'amount',
    width: 12,
    value: money((row) => row.detraccion_monto),
  },
  {
    header: 'Cuenta de detracciones',
    kind: 'text',
    width: 16,
    value: money((row) => row.detraccion_cuenta),
  },
  { header: 'Percepción', kind: 'amount', width: 12, value: money((row) => row.percepcion_monto) },
  {
    header: 'Retención de IGV',
    kind: 'amount',
    width: 12,
    value: money((row) => row.retencion_monto),
  },
  { header: 'Tipo doc. referencia', kind: 'text', width: 10, value: (row) => row.ref_tipo },
  { header: 'Serie doc. referencia', kind: 'text', width: 10, value: (row) => row.ref_serie },
  { header: 'Número doc. referencia', kind: 'text', width: 12, value: (row) => row.ref_numero },
  { header: 'Motivo', kind: 'text', width: 30, value: (row) => row.motivo },
  {
    header: 'Estado',
    kind: 'text',
    width: 36,
    value: (row) => VERDICT_WORDS[verdictOfRow(row, row.validity)],
  },
  {
    header: 'Firma',
    kind: 'text',
    width: 22,
    value: (row) =>
      row.firma_estado === null ? 'No verificada' : SIGNATURE_WORDS[row.firma_estado],
  },
  { header: 'Código CDR', kind: 'text', width: 8, value: (row) => row.cdr_codigo },
  {
    header: 'Estado en SUNAT',
    kind: 'text',
    width: 14,
    value: ({ validity }) => (validity === null ? null : ESTADO_CP_WORDS[validity.estadoCp]),
  },
  {
    header: 'Estado del RUC emisor',
    kind: 'text',
    width: 16,
    value: ({ validity }) => word(ESTADO_RUC_WORDS, validity?.estadoRuc ?? null),
  },
  {
    header: 'Condición de domicilio',
    kind: 'text',
    width: 14,
    value: ({ validity }) => word(COND_DOMI_RUC_WORDS, validity?.condDomiRuc ?? null),
  },
  {
    header: 'Avisos SUNAT',
    kind: 'text',
    width: 30,
    value: ({ validity }) =>
      validity === null
        ? null
        : validityWarnings(validity)
            .map((warning) => VALIDITY_WARNING_WORDS[warning])
            .join('; ') || null,
  },
  {
    header: 'Observaciones SUNAT',
    kind: 'text',
    width: 40,
    value: ({ validity }) => validity?.observaciones.join(' ') || null,
  },
  {
    header: 'Consultado en SUNAT',
    kind: 'date',
    width: 12,
    value: ({ validity }) => (validity === null ? null : toLimaDate(validity.checkedAt)),
  },
  { header: 'Origen', kind: 'text', width: 22, value: (row) => ORIGIN_WORDS[row.origen] },
];
