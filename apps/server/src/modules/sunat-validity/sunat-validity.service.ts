import {
  isCheckableType,
  SUNAT_VALIDITY_MESSAGES,
  VALIDITY_CHECK_MAX_DOCUMENTS,
  VALIDITY_CHECKABLE_TYPES,
  type DocumentValidityAnswer,
  type ValidityCheck,
  type ValidityCheckStarted,
} from '@sufel/contract';
import type { Kysely } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/types.js';
import { AppError, said } from '../../errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import { toReceiverFilter } from '../documents/receiver-filter.js';
import type { ReceiverDocumentsRepository } from '../receiver/receiver-documents.repository.js';
import { ChecksBlocked, type SunatAccess } from './sunat-access.js';
import {
  readValidity,
  type SunatValidityRepository,
  type ValidityCheckRow,
} from './sunat-validity.repository.js';
import { VALIDITY_JOB } from './validity-job.js';

/** A check asked for now waits this long for SUNAT before answering that it is still pending. */
export const CHECK_WAIT_MS = 10_000;
const CHECK_POLL_MS = 150;
/** Jobs queued per statement when a period is checked. */
const QUEUE_CHUNK = 1_000;
/** The failures a check's progress lists. */
const FAILURES_SHOWN = 20;
const RECENT_CHECKS = 5;
/** A check someone waits for goes ahead of the checks of a period. */
const WAITED_FOR = 1;

/** A document just stored, as the automatic check needs it. */
export interface NewDocument {
  id: number;
  tipo: string;
  cliente_doc: string;
}

/** Credentials that cannot be used: the receiver must act (409), or the operator (503). */
function blockedError(error: ChecksBlocked): AppError {
  return new AppError(error.problem === 'no_key' ? 'unavailable' : 'conflict', {
    code: error.code,
    message: error.message,
  });
}

/**
 * SUNAT's state of a receiver's documents: one now, a whole period in the
 * background, every new one automatically. All of it goes through the job
 * queue, rate-limited per receiver; the answers are kept per document.
 */
export class SunatValidityService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentsRepository,
    private readonly receiverDocuments: ReceiverDocumentsRepository,
    private readonly repository: SunatValidityRepository,
    private readonly access: SunatAccess,
    private readonly jobs: JobQueue,
    private readonly now: () => Date,
    private readonly waitMs: number = CHECK_WAIT_MS,
  ) {}

  /**
   * Asks SUNAT about one of the receiver's documents and waits a little for
   * the answer; past that it answers pending, and the result is kept when it comes.
   */
  async checkNow(
    receiverRuc: string,
    documentId: number,
  ): Promise<{ status: 200 | 202; answer: DocumentValidityAnswer }> {
    const document = await this.documents.findForReceiver(receiverRuc, documentId);
    if (document === undefined) throw new AppError('not_found', 'documentNotFound');
    if (!isCheckableType(document.tipo)) {
      throw new AppError('bad_request', 'sunatNotCheckable');
    }
    await this.usableCredentials(receiverRuc);
    const [jobId] = await this.jobs.add(this.db, VALIDITY_JOB, [
      { payload: { documentId }, rateKey: receiverRuc, priority: WAITED_FOR },
    ]);
    const deadline = Date.now() + this.waitMs;
    let outcome = await this.jobs.outcome(jobId!);
    while (outcome?.state !== 'done' && outcome?.state !== 'failed' && Date.now() < deadline) {
      await sleep(CHECK_POLL_MS);
      outcome = await this.jobs.outcome(jobId!);
    }
    if (outcome?.state === 'failed') {
      throw new AppError(
        'conflict',
        outcome.reason === null || outcome.reason === undefined
          ? 'sunatPending'
          : said('sunatCheckFailed', { reason: outcome.reason }),
      );
    }
    const validity = (await readValidity(this.db, [documentId])).get(documentId) ?? null;
    return outcome?.state === 'done'
      ? {
          status: 200,
          answer: { validity, pending: false, message: SUNAT_VALIDITY_MESSAGES.checked },
        }
      : {
          status: 202,
          answer: { validity, pending: true, message: SUNAT_VALIDITY_MESSAGES.pending },
        };
  }

  /** Queues every document of the period SUNAT can answer for, once each. */
  async startPeriod(
    receiverRuc: string,
    period: { start: string; end: string },
  ): Promise<ValidityCheckStarted> {
    const filter = toReceiverFilter(period)!;
    await this.usableCredentials(receiverRuc);
    return this.db.transaction().execute(async (trx) => {
      // Held to the end: two starts at once cannot both find no check running.
      if ((await this.repository.lockCredentials(trx, receiverRuc)) === undefined) {
        throw new AppError('conflict', 'sunatCredentialsMissing');
      }
      const [latest] = await this.repository.recentChecks(trx, receiverRuc, 1);
      if (latest !== undefined) {
        const counts = await this.jobs.batchCounts(latest.batch_id, trx);
        if (counts !== null && counts.queued + counts.running > 0) {
          throw new AppError('conflict', 'sunatCheckRunning');
        }
      }
      const { matching, ofTypes } = await this.receiverDocuments.countOfTypes(
        receiverRuc,
        filter,
        VALIDITY_CHECKABLE_TYPES,
        trx,
      );
      if (ofTypes === 0) throw new AppError('bad_request', 'sunatNothingToCheck');
      if (ofTypes > VALIDITY_CHECK_MAX_DOCUMENTS) {
        throw new AppError('bad_request', 'sunatTooManyToCheck');
      }
      const batchId = await this.jobs.openBatch(trx);
      let total = 0;
      for (let afterId = 0; ;) {
        const ids = await this.receiverDocuments.idsOfTypes(
          receiverRuc,
          filter,
          VALIDITY_CHECKABLE_TYPES,
          afterId,
          QUEUE_CHUNK,
          trx,
        );
        if (ids.length === 0) break;
        const added = await this.jobs.add(
          trx,
          VALIDITY_JOB,
          ids.map((documentId) => ({ payload: { documentId }, rateKey: receiverRuc, batchId })),
        );
        total += added.length;
        afterId = ids.at(-1)!;
      }
      const skipped = matching - ofTypes;
      const id = await this.repository.openCheck(trx, {
        cliente_doc: receiverRuc,
        batch_id: batchId,
        start_date: period.start,
        end_date: period.end,
        skipped,
        created_at: this.now(),
      });
      return { id, total, skipped };
    });
  }

  async progress(receiverRuc: string, id: number): Promise<ValidityCheck> {
    const row = await this.repository.check(receiverRuc, id);
    if (row === undefined) throw new AppError('not_found', 'sunatCheckNotFound');
    return this.describe(row);
  }

  /** The receiver's latest checks, newest first. */
  async recent(receiverRuc: string): Promise<ValidityCheck[]> {
    const rows = await this.repository.recentChecks(this.db, receiverRuc, RECENT_CHECKS);
    return Promise.all(rows.map((row) => this.describe(row)));
  }

  /**
   * Queues the check of documents just stored, for receivers with
   * credentials, in the transaction that stores them: every way a document
   * comes in calls this.
   */
  async queueNew(db: Kysely<Database>, documents: readonly NewDocument[]): Promise<void> {
    const checkable = documents.filter((document) => isCheckableType(document.tipo));
    const receivers = await this.repository.receiversWithCredentials(
      db,
      checkable.map((document) => document.cliente_doc),
    );
    const jobs = checkable
      .filter((document) => receivers.has(document.cliente_doc))
      .map((document) => ({ payload: { documentId: document.id }, rateKey: document.cliente_doc }));
    if (jobs.length > 0) await this.jobs.add(db, VALIDITY_JOB, jobs);
  }

  private async usableCredentials(receiverRuc: string): Promise<void> {
    try {
      await this.access.credentials(receiverRuc);
    } catch (error) {
      if (error instanceof ChecksBlocked) throw blockedError(error);
      throw error;
    }
  }

  private async describe(row: ValidityCheckRow): Promise<ValidityCheck> {
    const batchId = Number(row.batch_id);
    const counts = (await this.jobs.batchCounts(batchId)) ?? {
      queued: 0,
      running: 0,
      done: 0,
      failed: 0,
    };
    const failures = await this.jobs.batchFailures(batchId, FAILURES_SHOWN);
    return {
      id: Number(row.id),
      start: row.start_date,
      end: row.end_date,
      total: counts.queued + counts.running + counts.done + counts.failed,
      done: counts.done,
      failed: counts.failed,
      state: counts.queued + counts.running > 0 ? 'running' : 'done',
      skipped: row.skipped,
      failures: failures.map(({ payload, reason }) => ({
        documentId: VALIDITY_JOB.payload.parse(payload).documentId,
        reason,
      })),
      createdAt: row.created_at.toISOString(),
    };
  }
}
