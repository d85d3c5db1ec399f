import type { DocumentProof } from '@sufel/contract';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import { proofKey } from '../documents/proof.js';

/** The individual consultation: printed data → that one document's id. */
export class ConsultService {
  constructor(private readonly documents: DocumentsRepository) {}

  async find(proof: DocumentProof): Promise<number | null> {
    const key = proofKey(proof);
    if (key === null) return null;
    return (await this.documents.findIdByProof(key)) ?? null;
  }
}
