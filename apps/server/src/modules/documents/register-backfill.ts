import { parseCdr, parseUblDocument } from '@sufel/ubl';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FileStore } from '../../file-store/file-store.js';
import type { BackfillScansRepository } from './backfill-scans.repository.js';
import { runBackfill, type BackfillSummary } from './backfill.js';
import type { DocumentsRepository } from './documents.repository.js';
import { cdrCodeOf, registerColumnsOf } from './register-columns.js';

/**
 * Reads the register amounts of documents stored before SUFEL kept them, from
 * their XML (and the CDR's response code), resumably (see runBackfill).
 */
export class RegisterBackfill {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scans: BackfillScansRepository,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
  ) {}

  pending(): Promise<number> {
    return this.scans.countUnreadAmounts();
  }

  run(onDocument: (failed: boolean) => void = () => {}): Promise<BackfillSummary> {
    return runBackfill(
      {
        next: (afterId, limit) => this.scans.unreadAmounts(afterId, limit),
        columnsOf: async (row) => {
          const doc = parseUblDocument(await this.files.read(row.xml_hash));
          const cdr = row.cdr_hash === null ? null : parseCdr(await this.files.read(row.cdr_hash));
          return { ...registerColumnsOf(doc), cdr_codigo: cdrCodeOf(cdr) };
        },
        save: (updates) =>
          this.db.transaction().execute((trx) => this.documents.setRegisterColumns(trx, updates)),
      },
      onDocument,
    );
  }
}
