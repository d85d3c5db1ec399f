import type { ComplementDocument } from '@sufel/sire';
import type { DocumentRow } from '../../db/types.js';
import { centsOf } from './cents.js';

/** The key a note's reference names, as `issueDates` answers it. */
export function referenceKey(row: DocumentRow): string | null {
  if (row.ref_tipo === null || row.ref_serie === null || row.ref_numero === null) return null;
  const number = Number(row.ref_numero);
  if (!Number.isSafeInteger(number)) return null;
  return `${row.emisor}|${row.ref_tipo}|${row.ref_serie}|${number}`;
}

/**
 * A held document as the complement file (Annex 8) wants it: the register's
 * amounts as SUFEL read them from the XML, the issuer as supplier.
 */
export function complementDocumentOf(
  row: DocumentRow,
  modifiedIssueDate: string | undefined,
  exchangeRate: string | undefined,
): ComplementDocument {
  return {
    issueDate: row.fecha,
    dueDate: row.vencimiento,
    type: row.tipo,
    series: row.serie,
    number: row.numero_impreso ?? String(row.numero),
    supplier: { idType: '6', id: row.emisor, name: row.emisor_nombre },
    amounts: {
      baseDg: centsOf(row.base_gravada),
      igvDg: centsOf(row.igv),
      nonTaxed: centsOf(row.exonerado) + centsOf(row.inafecto),
      isc: centsOf(row.isc),
      icbper: centsOf(row.icbper),
      otherCharges: centsOf(row.otros_cargos),
      total: centsOf(row.total),
    },
    currency: row.moneda,
    exchangeRate: exchangeRate ?? null,
    modified:
      row.ref_tipo === null || modifiedIssueDate === undefined
        ? null
        : {
            issueDate: modifiedIssueDate,
            type: row.ref_tipo,
            series: row.ref_serie ?? '',
            number: row.ref_numero ?? '',
          },
  };
}
