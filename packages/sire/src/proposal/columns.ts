import { ProposalFileError } from './errors.js';
import type { ProposalAmounts } from './types.js';

/**
 * The 41 fields of the RCE proposal (Anexo 8 layout, as SUNAT exports it), in
 * order, each with the label of SUNAT's header row. Fields 42 to 80 are the
 * free-use CLU1…CLU39. The upload files reuse fields 1 to 37 in this order.
 *
 * Code names of the amounts keep SUNAT's abbreviations, which accountants
 * read: DG = acquisitions for taxed operations, DGNG = for taxed and untaxed
 * ones, DNG = for untaxed ones.
 */
export const PROPOSAL_COLUMNS = [
  { field: 1, key: 'receiverRuc', label: 'RUC', required: true },
  { field: 2, key: 'receiverName', label: 'Apellidos y Nombres o Razón social', required: false },
  { field: 3, key: 'period', label: 'Periodo', required: true },
  { field: 4, key: 'car', label: 'CAR SUNAT', required: true },
  { field: 5, key: 'issueDate', label: 'Fecha de emisión', required: true },
  { field: 6, key: 'dueDate', label: 'Fecha Vcto/Pago', required: false },
  { field: 7, key: 'type', label: 'Tipo CP/Doc.', required: true },
  { field: 8, key: 'series', label: 'Serie del CDP', required: true },
  { field: 9, key: 'customsYear', label: 'Año', required: false },
  { field: 10, key: 'number', label: 'Nro CP o Doc. Nro Inicial (Rango)', required: true },
  { field: 11, key: 'lastNumber', label: 'Nro Final (Rango)', required: false },
  { field: 12, key: 'supplierIdType', label: 'Tipo Doc Identidad', required: true },
  { field: 13, key: 'supplierId', label: 'Nro Doc Identidad', required: true },
  { field: 14, key: 'supplierName', label: 'Apellidos Nombres/ Razón  Social', required: true },
  { field: 15, key: 'baseDg', label: 'BI Gravado DG', required: true },
  { field: 16, key: 'igvDg', label: 'IGV / IPM DG', required: true },
  { field: 17, key: 'baseDgng', label: 'BI Gravado DGNG', required: true },
  { field: 18, key: 'igvDgng', label: 'IGV / IPM DGNG', required: true },
  { field: 19, key: 'baseDng', label: 'BI Gravado DNG', required: true },
  { field: 20, key: 'igvDng', label: 'IGV / IPM DNG', required: true },
  { field: 21, key: 'nonTaxed', label: 'Valor Adq. NG', required: false },
  { field: 22, key: 'isc', label: 'ISC', required: false },
  { field: 23, key: 'icbper', label: 'ICBPER', required: false },
  { field: 24, key: 'otherCharges', label: 'Otros Trib/ Cargos', required: false },
  { field: 25, key: 'total', label: 'Total CP', required: true },
  { field: 26, key: 'currency', label: 'Moneda', required: true },
  { field: 27, key: 'exchangeRate', label: 'Tipo de Cambio', required: false },
  {
    field: 28,
    key: 'modifiedIssueDate',
    label: 'Fecha Emisión Doc Modificado',
    required: false,
  },
  { field: 29, key: 'modifiedType', label: 'Tipo CP Modificado', required: false },
  { field: 30, key: 'modifiedSeries', label: 'Serie CP Modificado', required: false },
  { field: 31, key: 'modifiedCustomsCode', label: 'COD. DAM O DSI', required: false },
  { field: 32, key: 'modifiedNumber', label: 'Nro CP Modificado', required: false },
  { field: 33, key: 'goodsClass', label: 'Clasif de Bss y Sss', required: false },
  { field: 34, key: 'projectId', label: 'ID Proyecto Operadores', required: false },
  { field: 35, key: 'participation', label: 'PorcPart', required: false },
  { field: 36, key: 'imb', label: 'IMB', required: false },
  { field: 37, key: 'inclusion', label: 'CAR Orig/ Ind E o I', required: false },
  { field: 38, key: 'detraction', label: 'Detracción', required: false },
  { field: 39, key: 'noteType', label: 'Tipo de Nota', required: false },
  { field: 40, key: 'status', label: 'Est. Comp.', required: true },
  { field: 41, key: 'inconsistency', label: 'Incal', required: false },
] as const;

export type ProposalColumn = (typeof PROPOSAL_COLUMNS)[number];
export type ProposalColumnKey = ProposalColumn['key'];

/** Fields 15 to 25, the amounts, in order. */
export const AMOUNT_KEYS = [
  'baseDg',
  'igvDg',
  'baseDgng',
  'igvDgng',
  'baseDng',
  'igvDng',
  'nonTaxed',
  'isc',
  'icbper',
  'otherCharges',
  'total',
] as const satisfies readonly (keyof ProposalAmounts & ProposalColumnKey)[];

export const FREE_USE_COLUMNS = 39;

/** SUNAT's header row: the 41 fields, then CLU1 … CLU39 (80 labels). */
export const PROPOSAL_HEADER: readonly string[] = [
  ...PROPOSAL_COLUMNS.map((column) => column.label),
  ...Array.from({ length: FREE_USE_COLUMNS }, (_, i) => `CLU${i + 1}`),
];

/**
 * A label as compared: accents and case dropped, every run of spaces and
 * punctuation one space. Exports differ in spacing ("Razón  Social" with one
 * or two spaces) and the 80 labels stay distinct after this.
 */
export function normalizeLabel(label: string): string {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Where each field is in the file's rows; -1 for an optional field it lacks. */
export type ColumnPositions = Readonly<Record<ProposalColumnKey, number>>;

/** The positions of the fields in a header row; refused when a needed one is missing. */
export function locateColumns(header: readonly string[]): ColumnPositions {
  const positions = new Map<string, number>();
  header.forEach((label, index) => {
    const normalized = normalizeLabel(label);
    if (!positions.has(normalized)) positions.set(normalized, index);
  });
  const located = {} as Record<ProposalColumnKey, number>;
  const missing: string[] = [];
  for (const column of PROPOSAL_COLUMNS) {
    const index = positions.get(normalizeLabel(column.label)) ?? -1;
    if (index < 0 && column.required) missing.push(column.label);
    located[column.key] = index;
  }
  if (missing.length > 0) {
    throw new ProposalFileError(
      'missing_columns',
      `El archivo no es una propuesta del RCE de SIRE: le faltan las columnas ${missing
        .map((label) => `'${label}'`)
        .join(', ')}.`,
      missing,
    );
  }
  return located;
}
