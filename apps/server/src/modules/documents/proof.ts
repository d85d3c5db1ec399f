import type { DocumentProof } from '@sufel/contract';
import { parseSeriesNumber } from '@sufel/ubl';
import type { DocumentProofKey } from './documents.repository.js';

/**
 * The lookup key of printed document data: series upper-cased, number without
 * leading zeros. Null when the series-number cannot name any document (a lookup
 * accepts any data; impossible data simply finds nothing).
 */
export function proofKey(proof: DocumentProof): DocumentProofKey | null {
  const seriesNumber = parseSeriesNumber(proof.documento);
  if (seriesNumber === null) return null;
  return {
    emisor: proof.emisor,
    tipo: proof.tipo,
    serie: seriesNumber.series,
    numero: Number(seriesNumber.number),
    fecha: proof.fecha,
    total: proof.total,
  };
}

/** Failed attempts are counted per document, whatever way its number was written. */
export function proofTarget(proof: DocumentProof): string {
  const key = proofKey(proof);
  return key === null
    ? `doc:${proof.emisor}:${proof.tipo}:${proof.documento}`
    : `doc:${key.emisor}:${key.tipo}:${key.serie}:${key.numero}`;
}
