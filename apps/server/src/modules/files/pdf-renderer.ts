import { PAGES, type Verdict } from '@sufel/contract';
import { renderPrintedDocument } from '@sufel/print';
import {
  isWithholdingReceipt,
  parseCdr,
  parseSunatDocument,
  type SunatDocument,
  type UblParty,
} from '@sufel/ubl';
import { formatSunatQr } from '@sufel/ubl/qr';
import { sunatAnswerOf, type ParsedDocument } from '../documents/document-dto.js';

/**
 * Where a printed document tells its reader to consult it. A rendered PDF is
 * kept and served to everyone, so its address is PUBLIC_URL's, never the
 * host of the request that happened to render it; without PUBLIC_URL it
 * names the portal in words.
 */
export interface ConsultationNote {
  /** The consultation page under PUBLIC_URL, or null. */
  consultUrl: string | null;
  /** The portal's name (SUFEL_PRODUCT), printed when there is no address. */
  portalName: string;
}

/** The consultation page a printed document links to, when PUBLIC_URL is set. */
export function consultationNote(
  publicUrl: string | undefined,
  portalName: string,
): ConsultationNote {
  return {
    consultUrl: publicUrl === undefined ? null : `${publicUrl}${PAGES.document.login.href()}`,
    portalName,
  };
}

/** What a render needs: the stored files themselves, read in the thread that renders. */
export interface RenderRequest extends ConsultationNote {
  xml: Uint8Array;
  cdr: Uint8Array | null;
  voided: boolean;
  /** The portal's verdict when the PDF is rendered, printed in its footer. */
  verdict: Verdict;
}

export type PdfRenderer = (request: RenderRequest) => Promise<Uint8Array>;

/** What the QR states of the sale; a retention or perception receipt has no IGV, and withheld its total. */
function qrAmountsOf(doc: SunatDocument): { igv: string; total: string; party: UblParty } {
  if (isWithholdingReceipt(doc)) return { igv: '0', total: doc.totalAmount, party: doc.receiver };
  const igv = doc.taxes.find((tax) => tax.code === '1000')?.amount ?? '0';
  return { igv, total: doc.totals.payable, party: doc.customer };
}

/** SUNAT's QR content for a document: the data a consultation needs, plus the signature digest. */
export function qrTextOf(parsed: ParsedDocument): string {
  const doc = parsed.document;
  const { igv, total, party } = qrAmountsOf(doc);
  return formatSunatQr({
    ruc: doc.issuer.ruc,
    tipo: doc.type,
    serie: doc.series,
    numero: doc.number,
    igv,
    total,
    fecha: doc.issueDate,
    clienteTipo: party.documentType,
    clienteDoc: party.documentNumber,
    hash: doc.signature.digestValue,
  });
}

/**
 * The printed representation SUFEL renders when the issuer sent no PDF. It
 * parses and lays out in the calling thread: the server calls it only inside
 * its worker pool.
 */
export const renderPdfInThisThread: PdfRenderer = ({
  xml,
  cdr,
  voided,
  verdict,
  consultUrl,
  portalName,
}) => {
  const parsed: ParsedDocument = {
    document: parseSunatDocument(xml),
    sunat: cdr === null ? null : sunatAnswerOf(parseCdr(cdr)),
  };
  return renderPrintedDocument(parsed.document, {
    qrText: qrTextOf(parsed),
    voided,
    verdict,
    sunat: parsed.sunat,
    consultUrl,
    portalName,
  });
};
