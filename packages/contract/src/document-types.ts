/** SUNAT catalogue 01, restricted to the documents SUFEL publishes. */
export const DOCUMENT_TYPE_CODES = ['01', '03', '07', '08', '20', '40'] as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPE_CODES)[number];

export interface DocumentTypeInfo {
  /** Title printed on the document and on its view. */
  title: string;
  /** Name in a selector. */
  label: string;
  /** Three-letter abbreviation used in lists. */
  short: string;
}

export const DOCUMENT_TYPES: Readonly<Record<DocumentTypeCode, DocumentTypeInfo>> = {
  '01': { title: 'FACTURA ELECTRÓNICA', label: 'Factura', short: 'FAC' },
  '03': { title: 'BOLETA DE VENTA ELECTRÓNICA', label: 'Boleta', short: 'BOL' },
  '07': { title: 'NOTA DE CRÉDITO ELECTRÓNICA', label: 'Nota de Crédito', short: 'NCR' },
  '08': { title: 'NOTA DE DÉBITO ELECTRÓNICA', label: 'Nota de Débito', short: 'NDB' },
  '20': {
    title: 'COMPROBANTE DE RETENCIÓN ELECTRÓNICO',
    label: 'Comprobante de Retención',
    short: 'RET',
  },
  '40': {
    title: 'COMPROBANTE DE PERCEPCIÓN ELECTRÓNICO',
    label: 'Comprobante de Percepción',
    short: 'PER',
  },
};

/** The receipts an agent issues for what it withheld, not receipts of a sale. */
export const WITHHOLDING_TYPE_CODES = ['20', '40'] as const;
export type WithholdingTypeCode = (typeof WITHHOLDING_TYPE_CODES)[number];

export function isDocumentTypeCode(value: string): value is DocumentTypeCode {
  return (DOCUMENT_TYPE_CODES as readonly string[]).includes(value);
}

/** `<ruc>-<tipo>-<serie>-<correlativo>.<ext>`, the name every download carries. */
export function documentFileName(
  doc: { emisor: string; tipo: string; serie: string; correlativo: string },
  extension: string,
): string {
  return `${doc.emisor}-${doc.tipo}-${doc.serie}-${doc.correlativo}.${extension}`;
}

/**
 * SUNAT's name for its answer: `R-<ruc>-<tipo>-<serie>-<correlativo>.zip`, or
 * `.xml` when the issuer sent the bare XML instead of SUNAT's ZIP.
 */
export function cdrFileName(
  doc: { emisor: string; tipo: string; serie: string; correlativo: string },
  zip: boolean,
): string {
  return `R-${documentFileName(doc, zip ? 'zip' : 'xml')}`;
}

/** Whether a file's media type says it is a ZIP (`application/zip`, `application/x-zip-compressed`…). */
export function isZipMediaType(contentType: string): boolean {
  return /zip/i.test(contentType);
}

/**
 * "FB99-00230": series and number as the issuer printed them; documents
 * listed by servers that do not send the printed number show it without zeros.
 */
export function printedSeriesNumber(doc: {
  serie: string;
  correlativo: string;
  correlativo_impreso?: string | undefined;
}): string {
  return `${doc.serie}-${doc.correlativo_impreso ?? doc.correlativo}`;
}

/**
 * The name a downloaded file is saved under: the document's name, and SUNAT's
 * `R-…` name for its answer, whose extension follows what the server sent.
 */
export function downloadFileName(
  doc: { emisor: string; tipo: string; serie: string; correlativo: string },
  type: 'xml' | 'pdf' | 'cdr',
  contentType: string,
): string {
  return type === 'cdr'
    ? cdrFileName(doc, isZipMediaType(contentType))
    : documentFileName(doc, type);
}

/** SUNAT catalogue 23: the retention regimes. */
const RETENTION_REGIMES: Readonly<Record<string, string>> = {
  '01': 'Tasa 3 %',
  '02': 'Tasa 6 %',
};

/** SUNAT catalogue 22: the perception regimes. */
const PERCEPTION_REGIMES: Readonly<Record<string, string>> = {
  '01': 'Percepción venta interna (2 %)',
  '02': 'Percepción a la adquisición de combustible (1 %)',
  '03': 'Percepción realizada al agente de percepción con tasa especial (0.5 %)',
};

/** A receipt's regime in words ("Tasa 3 %"), or its code when SUNAT's catalogue lacks it. */
export function withholdingRegimeText(type: WithholdingTypeCode, code: string): string {
  const words = (type === '20' ? RETENTION_REGIMES : PERCEPTION_REGIMES)[code];
  return words ?? `Régimen ${code}`;
}
