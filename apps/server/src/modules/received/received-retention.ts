import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { FileStore } from '../../file-store/file-store.js';
import type { JobHandler } from '../../jobs/job-handler.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import type { ReceivedRetentionRepository } from './received-retention.repository.js';

/** Removed copies deleted per transaction. */
const PURGE_BATCH = 500;
/** The purge looks for what has come of age once a day. */
export const PURGE_EVERY_MS = 24 * 3600_000;

/** What one purge deleted. */
export interface PurgeResult {
  count: number;
  cars: string[];
}

const PURGE_JOB = { kind: 'received.purge', payload: z.object({}) };

/** The date `years` calendar years before `at` (29 February falls back to 1 March). */
export function yearsBefore(at: Date, years: number): Date {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

/**
 * Received copies are never deleted by SUFEL on its own: their owner may
 * remove one it added by mistake, which hides it at once and keeps its row and
 * files for the retention period (RETENTION_YEARS after the removal, as the
 * law asks a receiver to keep what it received); only then does the purge
 * delete them.
 */
export class ReceivedRetention {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: ReceivedRetentionRepository,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
    private readonly jobs: JobQueue,
    private readonly retentionYears: number,
    private readonly now: () => Date,
  ) {}

  /** The owner removes a copy it uploaded or got by mail; a published document stays. */
  async remove(receiverRuc: string, id: number): Promise<void> {
    if (await this.repository.markRemoved(receiverRuc, id, this.now())) return;
    const visible = await this.documents.findForReceiver(receiverRuc, id);
    if (visible?.origen === 'emisor') throw new AppError('conflict', 'receivedPublished');
    throw new AppError('not_found', 'receivedNotHeld');
  }

  /** Deletes every removed copy whose retention period has ended, rows and then files. */
  async purge(): Promise<PurgeResult> {
    const removedBy = yearsBefore(this.now(), this.retentionYears);
    const result: PurgeResult = { count: 0, cars: [] };
    for (;;) {
      const { purged, removed } = await this.db.transaction().execute(async (trx) => {
        const purged = await this.repository.deleteRemoved(trx, removedBy, PURGE_BATCH);
        const hashes = [...new Set(purged.flatMap((document) => document.hashes))];
        const kept = await this.repository.stillReferenced(trx, hashes);
        const removed = await this.files.remove(
          hashes.filter((hash) => !kept.has(hash)),
          trx,
        );
        return { purged, removed };
      });
      await removed.after();
      result.count += purged.length;
      result.cars.push(...purged.map((document) => document.car));
      if (purged.length < PURGE_BATCH) return result;
    }
  }

  /** Queues today's purge once, whichever instances start (a finished one may run again: harmless). */
  async schedule(db: Kysely<Database> = this.db, at: Date = this.now()): Promise<void> {
    await this.jobs.add(db, PURGE_JOB, [
      { payload: {}, dedupeKey: `${PURGE_JOB.kind}:${at.toISOString().slice(0, 10)}`, runAt: at },
    ]);
  }

  /** The job: purges, says what it purged, and queues the next day's. */
  jobHandler(): JobHandler<z.infer<typeof PURGE_JOB.payload>> {
    return {
      ...PURGE_JOB,
      run: async (_payload, { log }) => {
        const { count, cars } = await this.purge();
        log.info(
          { purged: count, cars, retentionYears: this.retentionYears },
          'removed received documents purged after their retention period',
        );
        await this.schedule(this.db, new Date(this.now().getTime() + PURGE_EVERY_MS));
      },
    };
  }
}
