import { parseSignedSunatDocument } from '@sufel/ubl';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FileStore } from '../../file-store/file-store.js';
import type { BackfillScansRepository } from './backfill-scans.repository.js';
import { runBackfill, type BackfillSummary } from './backfill.js';
import type { DocumentsRepository } from './documents.repository.js';
import { signatureColumnsOf } from './signature-columns.js';

/**
 * Checks the signature of documents stored before SUFEL checked them at
 * publish, from their stored XML, resumably (see runBackfill).
 */
export class SignatureBackfill {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scans: BackfillScansRepository,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
  ) {}

  pending(): Promise<number> {
    return this.scans.countUncheckedSignatures();
  }

  run(onDocument: (failed: boolean) => void = () => {}): Promise<BackfillSummary> {
    return runBackfill(
      {
        next: (afterId, limit) => this.scans.uncheckedSignatures(afterId, limit),
        // The stored XML was accepted by the reader once; it goes through it again
        // before its signature is checked, like an upload.
        columnsOf: async (row) =>
          signatureColumnsOf(
            parseSignedSunatDocument(await this.files.read(row.xml_hash)).signature,
          ),
        save: (updates) =>
          this.db.transaction().execute((trx) => this.documents.setRegisterColumns(trx, updates)),
      },
      onDocument,
    );
  }
}
