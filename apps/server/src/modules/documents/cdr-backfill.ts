import { parseCdr } from '@sufel/ubl';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FileStore } from '../../file-store/file-store.js';
import type { BackfillScansRepository } from './backfill-scans.repository.js';
import { runBackfill, type BackfillSummary } from './backfill.js';
import { cdrAnswerOf } from './cdr-answer.js';
import type { DocumentsRepository } from './documents.repository.js';

/**
 * Reads what the CDR of documents stored before SUFEL kept it says of each
 * (accepted, with observations, another document's…), resumably (see runBackfill).
 */
export class CdrBackfill {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scans: BackfillScansRepository,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
  ) {}

  pending(): Promise<number> {
    return this.scans.countUnreadCdrAnswers();
  }

  run(onDocument: (failed: boolean) => void = () => {}): Promise<BackfillSummary> {
    return runBackfill(
      {
        next: (afterId, limit) => this.scans.unreadCdrAnswers(afterId, limit),
        columnsOf: async (row) => ({
          cdr_respuesta: cdrAnswerOf(parseCdr(await this.files.read(row.cdr_hash)), row),
        }),
        save: (updates) =>
          this.db.transaction().execute((trx) => this.documents.setRegisterColumns(trx, updates)),
      },
      onDocument,
    );
  }
}
