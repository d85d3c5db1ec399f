import { DOCUMENT_TYPES, isDocumentTypeCode } from '@sufel/contract';
import type { DocumentRow } from '../../db/types.js';

/** How a value is written: a calendar day, a decimal amount, a whole number or text. */
export type CellKind = 'date' | 'amount' | 'integer' | 'text';

export interface PurchaseColumn {
  header: string;
  kind: CellKind;
  /** Width in characters in the spreadsheet. */
  width: number;
  /** Text as stored (`YYYY-MM-DD` for days, decimal text for amounts); null leaves the cell empty. */
  value(row: DocumentRow): string | number | null;
}

/** An amount, unless the document still waits for the backfill to read its amounts. */
function amount(read: (row: DocumentRow) => string) {
  return (row: DocumentRow) => (row.importes_leidos ? read(row) : null);
}

/** One row per document, in the order and with the names of a purchase register. */
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
  { header: 'Tipo doc. referencia', kind: 'text', width: 10, value: (row) => row.ref_tipo },
  { header: 'Serie doc. referencia', kind: 'text', width: 10, value: (row) => row.ref_serie },
  { header: 'Número doc. referencia', kind: 'text', width: 12, value: (row) => row.ref_numero },
  { header: 'Motivo', kind: 'text', width: 30, value: (row) => row.motivo },
  {
    header: 'Estado',
    kind: 'text',
    width: 9,
    value: (row) => (row.baja ? 'anulado' : 'vigente'),
  },
  { header: 'Código CDR', kind: 'text', width: 8, value: (row) => row.cdr_codigo },
];
