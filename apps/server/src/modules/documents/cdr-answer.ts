import type { CdrAnswer } from '@sufel/contract';
import { parseSeriesNumber, type CdrInfo } from '@sufel/ubl';
import type { DocumentKey } from './documents.repository.js';

const ANSWER_OF_STATUS: Readonly<Record<CdrInfo['status'], CdrAnswer>> = {
  accepted: 'aceptado',
  observed: 'observado',
  rejected: 'rechazado',
  error: 'error',
};

/**
 * What a CDR says of the document it came with. Publishing refuses a CDR of
 * another series-number or issuer, but the type is stated only in some CDRs:
 * SUNAT's answer to the factura F001-1 sent with the credit note F001-1 is
 * kept, and judged here as another document's answer, never as this one's.
 */
export function cdrAnswerOf(cdr: CdrInfo, doc: DocumentKey): CdrAnswer {
  const reference = parseSeriesNumber(cdr.documentId);
  const sameDocument =
    reference !== null &&
    reference.series === doc.serie &&
    Number(reference.number) === doc.numero &&
    (cdr.documentType === null || cdr.documentType === doc.tipo) &&
    (cdr.issuerRuc === null || cdr.issuerRuc === doc.emisor);
  return sameDocument ? ANSWER_OF_STATUS[cdr.status] : 'de_otro';
}
