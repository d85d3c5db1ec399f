import type { DocumentProof } from '@sufel/contract';
import type { AttemptLimiter, AttemptSource } from '../../auth/attempt-limiter.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import { proofKey, proofTarget } from '../documents/proof.js';

/** The individual consultation: printed data → that one document's id. */
export class ConsultService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly limiter: AttemptLimiter,
  ) {}

  /** The id of the document `proof` describes: an attempt on it, counted when it fails. */
  async find(source: AttemptSource, proof: DocumentProof): Promise<number> {
    const attempt = { ...source, target: proofTarget(proof) };
    const failure = { kind: 'not_found', code: 'documentNotFound' } as const;
    const key = proofKey(proof);
    // Data that cannot name any document is a failed attempt all the same.
    if (key === null) return this.limiter.pass(attempt, nothingFound, failure);
    return this.limiter.passLookup(
      attempt,
      {
        query: this.documents.proofLookup(key),
        run: async () => (await this.documents.findIdByProof(key)) ?? null,
      },
      failure,
    );
  }
}

const nothingFound = (): Promise<number | null> => Promise.resolve(null);
