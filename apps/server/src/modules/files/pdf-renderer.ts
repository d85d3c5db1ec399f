import { renderPrintedDocument } from '@sufel/print';
import { parseCdr, parseUblDocument } from '@sufel/ubl';
import { formatSunatQr } from '@sufel/ubl/qr';
import { sunatAnswerOf, type ParsedDocument } from '../documents/document-dto.js';

/** What a render needs: the stored files themselves, read in the thread that renders. */
export interface RenderRequest {
  xml: Uint8Array;
  cdr: Uint8Array | null;
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

/**
 * The printed representation SUFEL renders when the issuer sent no PDF. It
 * parses and lays out in the calling thread: the server calls it only inside
 * its worker pool.
 */
export const renderPdfInThisThread: PdfRenderer = ({ xml, cdr, voided, consultUrl }) => {
  const parsed: ParsedDocument = {
    document: parseUblDocument(xml),
    sunat: cdr === null ? null : sunatAnswerOf(parseCdr(cdr)),
  };
  return renderPrintedDocument(parsed.document, {
    qrText: qrTextOf(parsed),
    voided,
    sunat: parsed.sunat,
    consultUrl,
  });
};
