import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { JobHandler, JobKind } from './job-handler.js';
import type {
  BatchCounts,
  ClaimableKind,
  JobFailureRow,
  JobOutcome,
  JobsRepository,
} from './jobs.repository.js';

export interface NewJob<P> {
  payload: P;
  /** Jobs of the kind with the same key share the kind's rate limit. */
  rateKey?: string;
  /** While a job with this key is unfinished, queuing it again does nothing. */
  dedupeKey?: string;
  batchId?: number;
  /** Higher runs first (and takes its key's rate slots first); default 0. */
  priority?: number;
  /** Not before this time; default now. */
  runAt?: Date;
}

/** A handler with its payload type erased, as the worker keeps them. */
export interface RegisteredHandler {
  handler: JobHandler<unknown>;
  claim: ClaimableKind;
}

/**
 * Where work is queued and which kinds this instance runs. Queuing writes rows
 * in the caller's transaction, so a job exists exactly when what caused it
 * committed, and every instance's worker is woken when it does.
 */
export class JobQueue {
  private readonly handlers = new Map<string, RegisteredHandler>();

  constructor(
    private readonly repository: JobsRepository,
    private readonly now: () => Date,
  ) {}

  register<P>(handler: JobHandler<P>): void {
    if (this.handlers.has(handler.kind))
      throw new Error(`job kind ${handler.kind} registered twice`);
    const rate = handler.ratePerSecond;
    this.handlers.set(handler.kind, {
      handler,
      claim: { spacingMs: rate === undefined || rate <= 0 ? 0 : 1000 / rate },
    });
  }

  handlerOf(kind: string): RegisteredHandler | undefined {
    return this.handlers.get(kind);
  }

  /** The kinds this instance runs, as the claim wants them. */
  claimableKinds(): ReadonlyMap<string, ClaimableKind> {
    return new Map([...this.handlers].map(([kind, { claim }]) => [kind, claim]));
  }

  /** Starts a group of jobs whose progress is followed together. */
  openBatch(db: Kysely<Database>): Promise<number> {
    return this.repository.openBatch(db);
  }

  /** Queues jobs (in `db`'s transaction when it is one); answers the ids of those that were new. */
  async add<P>(
    db: Kysely<Database>,
    kind: JobKind<P>,
    jobs: readonly NewJob<P>[],
  ): Promise<number[]> {
    const now = this.now();
    return this.repository.add(
      db,
      jobs.map((job) => ({
        kind: kind.kind,
        payload: JSON.stringify(kind.payload.parse(job.payload)),
        rateKey: job.rateKey ?? null,
        dedupeKey: job.dedupeKey ?? null,
        batchId: job.batchId ?? null,
        priority: job.priority ?? 0,
        runAt: job.runAt ?? now,
      })),
    );
  }

  /** Where a job stands; null once it was forgotten (or never existed). */
  outcome(id: number): Promise<JobOutcome | null> {
    return this.repository.outcome(id);
  }

  /** How many jobs of the batch are in each state; null for a batch that does not exist. */
  batchCounts(batchId: number, db?: Kysely<Database>): Promise<BatchCounts | null> {
    return this.repository.batchCounts(batchId, db);
  }

  /** The first failed jobs of a batch, with the reason each was given up. */
  batchFailures(batchId: number, limit: number): Promise<JobFailureRow[]> {
    return this.repository.batchFailures(batchId, limit);
  }
}
