import { readMoneyFacts } from '@sufel/ubl';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FileStore } from '../../file-store/file-store.js';
import type { BackfillScansRepository } from './backfill-scans.repository.js';
import { runBackfill, type BackfillSummary } from './backfill.js';
import type { DocumentsRepository } from './documents.repository.js';
import { moneyColumnsOf, type MoneyFactsColumns } from './money-columns.js';

/** Enough overlapping reads to hide a file's lookup and open behind the parses. */
const READS_AT_ONCE = 16;

/**
 * Reads the money facts (detracción, percepción, retention, payment form and
 * instalments) of documents stored before SUFEL kept them, from their stored
 * XML, resumably (see runBackfill). Only the elements those facts come from
 * are read, which keeps it well above a thousand documents a second.
 */
export class MoneyBackfill {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scans: BackfillScansRepository,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
  ) {}

  pending(): Promise<number> {
    return this.scans.countUnreadMoney();
  }

  run(onDocument: (failed: boolean) => void = () => {}): Promise<BackfillSummary> {
    return runBackfill<{ id: number; xml_hash: string }, MoneyFactsColumns>(
      {
        next: (afterId, limit) => this.scans.unreadMoney(afterId, limit),
        columnsOf: async (row) =>
          moneyColumnsOf(readMoneyFacts(await this.files.read(row.xml_hash)).payment),
        concurrency: READS_AT_ONCE,
        save: (updates) =>
          this.db.transaction().execute((trx) =>
            this.documents.saveMoneyFacts(
              trx,
              updates.map(({ id, columns }) => ({ id, facts: columns })),
            ),
          ),
      },
      onDocument,
    );
  }
}
