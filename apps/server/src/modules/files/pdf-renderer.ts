import { renderPrintedDocument } from '@sufel/print';
import { formatSunatQr } from '@sufel/ubl/qr';
import type { ParsedDocument } from '../documents/document-dto.js';

export interface RenderRequest {
  parsed: ParsedDocument;
  voided: boolean;
  /** Where a receiver can consult the document online. */
  consultUrl: string | null;
}

export type PdfRenderer = (request: RenderRequest) => Promise<Uint8Array>;

/** SUNAT's QR content for a document: the data a consultation needs, plus the signature digest. */
export function qrTextOf(parsed: ParsedDocument): string {
  const doc = parsed.document;
  const igv = doc.taxes.find((tax) => tax.code === '1000')?.amount ?? '0';
  return formatSunatQr({
    ruc: doc.issuer.ruc,
    tipo: doc.type,
    serie: doc.series,
    numero: doc.number,
    igv,
    total: doc.totals.payable,
    fecha: doc.issueDate,
    clienteTipo: doc.customer.documentType,
    clienteDoc: doc.customer.documentNumber,
    hash: doc.signature.digestValue,
  });
}

/** The printed representation SUFEL renders when the issuer sent no PDF. */
export const renderPdf: PdfRenderer = ({ parsed, voided, consultUrl }) =>
  renderPrintedDocument(parsed.document, {
    qrText: qrTextOf(parsed),
    voided,
    sunat: parsed.sunat,
    consultUrl,
  });
