import type { BackfillScansRepository } from './backfill-scans.repository.js';
import { runBackfill, type BackfillSummary } from './backfill.js';
import { carOfDocument } from './document-car.js';
import type { DocumentsRepository } from './documents.repository.js';

/**
 * Computes the CAR of documents stored before SUFEL kept it, from their key
 * columns (no file is read), resumably (see runBackfill).
 */
export class CarBackfill {
  constructor(
    private readonly scans: BackfillScansRepository,
    private readonly documents: DocumentsRepository,
  ) {}

  pending(): Promise<number> {
    return this.scans.countMissingCars();
  }

  run(onDocument: (failed: boolean) => void = () => {}): Promise<BackfillSummary> {
    return runBackfill(
      {
        next: (afterId, limit) => this.scans.missingCars(afterId, limit),
        columnsOf: (row) => Promise.resolve({ car: carOfDocument(row) }),
        save: (updates) => this.documents.setCars(updates),
      },
      onDocument,
    );
  }
}
