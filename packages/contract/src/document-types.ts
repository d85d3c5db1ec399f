/** SUNAT catalogue 01, restricted to the documents SUFEL publishes. */
export const DOCUMENT_TYPE_CODES = ['01', '03', '07', '08'] as const;
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
};

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
