import type { DocumentProof } from '@sufel/contract';
import type { DocumentListRow, DocumentsRepository } from '../documents/documents.repository.js';
import { proofKey } from '../documents/proof.js';

/** The individual consultation: printed data → that one document. */
export class ConsultService {
  constructor(private readonly documents: DocumentsRepository) {}

  async find(proof: DocumentProof): Promise<DocumentListRow | null> {
    const key = proofKey(proof);
    if (key === null) return null;
    return (await this.documents.findByProof(key)) ?? null;
  }
}
