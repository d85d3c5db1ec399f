import { sql, type Kysely } from 'kysely';
import type { Database, JobState } from '../db/types.js';

/** The channel a NOTIFY is sent on when jobs are queued, so idle workers look at once. */
export const JOBS_CHANNEL = 'sufel_jobs';

/** Rows per INSERT when queuing many jobs: the embedded database runs on this thread. */
const INSERT_CHUNK = 500;

const UNFINISHED: JobState[] = ['queued', 'running'];

export interface NewJobRow {
  kind: string;
  payload: string;
  rateKey: string | null;
  dedupeKey: string | null;
  batchId: number | null;
  priority: number;
  runAt: Date;
}

/** A job this instance holds; `attempts` fences it against an instance that took it over. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  batchId: number | null;
  rateKey: string | null;
  /** When it may start: now, or its rate slot. */
  startAt: Date;
}

/** What the claim needs to know of each kind this instance can run. */
export interface ClaimableKind {
  /** Minimum time between starts of jobs with the same rate key; 0: no limit. */
  spacingMs: number;
}

export interface ClaimRequest {
  kinds: ReadonlyMap<string, ClaimableKind>;
  limit: number;
  now: Date;
  /** How far ahead rate slots are handed out; the worker waits for them in memory. */
  horizonMs: number;
  leaseMs: number;
}

export type BatchCounts = Record<JobState, number>;

export interface JobOutcome {
  state: JobState;
  /** Why the last run failed (kept while it waits to retry, and after giving up). */
  reason: string | null;
}

export interface JobFailureRow {
  payload: unknown;
  reason: string;
}

function rateLimitKey(kind: string, rateKey: string): string {
  return `${kind}:${rateKey}`;
}

/**
 * The queue's SQL. Jobs are claimed with FOR UPDATE SKIP LOCKED, so several
 * instances never take the same job; a claimed job's `run_at` is its lease, so
 * one held by an instance that died is claimed again once the lease ends.
 */
export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async openBatch(db: Kysely<Database>): Promise<number> {
    const row = await db
      .insertInto('job_batches')
      .defaultValues()
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Queues jobs in `db`'s transaction (if any) and wakes every worker once it commits. */
  /** Answers the ids of the jobs added (a dedupe key already queued adds none). */
  async add(db: Kysely<Database>, jobs: readonly NewJobRow[]): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < jobs.length; start += INSERT_CHUNK) {
      const rows = jobs.slice(start, start + INSERT_CHUNK).map((job) => ({
        kind: job.kind,
        payload: job.payload,
        rate_key: job.rateKey,
        dedupe_key: job.dedupeKey,
        batch_id: job.batchId,
        priority: job.priority,
        run_at: job.runAt,
      }));
      const inserted = await db
        .insertInto('jobs')
        .values(rows)
        .onConflict((oc) => oc.column('dedupe_key').where('state', 'in', UNFINISHED).doNothing())
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => Number(row.id)));
    }
    if (ids.length > 0) await sql`select pg_notify(${JOBS_CHANNEL}, '')`.execute(db);
    return ids;
  }

  /**
   * Takes up to `limit` due jobs of the given kinds, higher priority first,
   * then the longest due. A rate-limited job is
   * taken only with a start slot of its key within the horizon; keys whose
   * slots are all given out are not even looked at.
   */
  async claim(request: ClaimRequest): Promise<ClaimedJob[]> {
    const { kinds, limit, now, horizonMs, leaseMs } = request;
    if (kinds.size === 0 || limit <= 0) return [];
    const horizon = new Date(now.getTime() + horizonMs);
    return this.db.transaction().execute(async (trx) => {
      const candidates = await trx
        .selectFrom('jobs')
        .select(['id', 'kind', 'rate_key'])
        .where('state', 'in', UNFINISHED)
        .where('run_at', '<=', now)
        .where('kind', 'in', [...kinds.keys()])
        .where((eb) =>
          eb.or([
            eb('rate_key', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('job_rate_limits')
                  .select('job_rate_limits.key')
                  .where('job_rate_limits.key', '=', sql<string>`jobs.kind || ':' || jobs.rate_key`)
                  .where('job_rate_limits.next_at', '>', horizon),
              ),
            ),
          ]),
        )
        .orderBy('priority', 'desc')
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (candidates.length === 0) return [];

      const startAt = new Map<number, Date>();
      const byKey = new Map<string, number[]>();
      for (const job of candidates) {
        const spacingMs = kinds.get(job.kind)?.spacingMs ?? 0;
        if (job.rate_key === null || spacingMs <= 0) {
          startAt.set(job.id, now);
          continue;
        }
        const key = rateLimitKey(job.kind, job.rate_key);
        byKey.set(key, [...(byKey.get(key) ?? []), job.id]);
      }
      // Keys in one order in every instance, so two claims never wait on each other in a circle.
      for (const key of [...byKey.keys()].sort()) {
        const ids = byKey.get(key)!;
        const spacingMs = kinds.get(key.slice(0, key.indexOf(':')))!.spacingMs;
        await trx
          .insertInto('job_rate_limits')
          .values({ key, next_at: now })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        const { next_at } = await trx
          .selectFrom('job_rate_limits')
          .select('next_at')
          .where('key', '=', key)
          .forUpdate()
          .executeTakeFirstOrThrow();
        let slot = Math.max(next_at.getTime(), now.getTime());
        for (const id of ids) {
          if (slot > horizon.getTime()) break;
          startAt.set(id, new Date(slot));
          slot += spacingMs;
        }
        await trx
          .updateTable('job_rate_limits')
          .set({ next_at: new Date(slot) })
          .where('key', '=', key)
          .execute();
      }
      if (startAt.size === 0) return [];

      const claimed = await trx
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          run_at: new Date(horizon.getTime() + leaseMs),
        }))
        .where('id', 'in', [...startAt.keys()])
        .returning(['id', 'kind', 'payload', 'attempts', 'batch_id', 'rate_key'])
        .execute();
      return claimed
        .map((row) => ({
          id: Number(row.id),
          kind: row.kind,
          payload: row.payload,
          attempts: row.attempts,
          batchId: row.batch_id === null ? null : Number(row.batch_id),
          rateKey: row.rate_key,
          startAt: startAt.get(Number(row.id))!,
        }))
        .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.id - b.id);
    });
  }

  /** When a job of these kinds may next be claimed (a due job, or a rate slot coming free). */
  async nextDueAt(
    kinds: ReadonlyMap<string, ClaimableKind>,
    now: Date,
    horizonMs: number,
  ): Promise<Date | null> {
    if (kinds.size === 0) return null;
    const job = await this.db
      .selectFrom('jobs')
      .select('run_at')
      .where('state', 'in', UNFINISHED)
      .where('kind', 'in', [...kinds.keys()])
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst();
    if (job === undefined) return null;
    if (job.run_at > now) return job.run_at;
    // Something is due but was not claimable: its key waits for a slot.
    const slot = await this.db
      .selectFrom('job_rate_limits')
      .select((eb) => eb.fn.min('next_at').as('next_at'))
      .where('next_at', '>', new Date(now.getTime() + horizonMs))
      .executeTakeFirst();
    const free = slot?.next_at ?? null;
    return free === null ? now : new Date(new Date(free).getTime() - horizonMs);
  }

  /** Pushes the leases of jobs still running here. */
  async renew(jobs: readonly ClaimedJob[], until: Date): Promise<void> {
    if (jobs.length === 0) return;
    await this.db
      .updateTable('jobs')
      .set({ run_at: until })
      .where('state', '=', 'running')
      .where((eb) =>
        eb.or(
          jobs.map((job) => eb.and([eb('id', '=', job.id), eb('attempts', '=', job.attempts)])),
        ),
      )
      .execute();
  }

  /** False when the job was no longer this worker's (its lease ended and another took it). */
  async complete(job: ClaimedJob, now: Date): Promise<boolean> {
    return this.settle(job, { state: 'done', finished_at: now, last_error: null });
  }

  async fail(job: ClaimedJob, reason: string, now: Date): Promise<boolean> {
    return this.settle(job, { state: 'failed', finished_at: now, last_error: reason });
  }

  async retry(job: ClaimedJob, reason: string, at: Date): Promise<boolean> {
    return this.settle(job, { state: 'queued', run_at: at, last_error: reason });
  }

  /** Gives a job back untouched, as if never claimed (this instance is stopping). */
  async release(job: ClaimedJob, now: Date): Promise<boolean> {
    return this.settle(job, { state: 'queued', run_at: now, attempts: job.attempts - 1 });
  }

  /** Every job of the key waits until `until` (a quota or an outage on the other side). */
  async holdKey(kind: string, rateKey: string, until: Date): Promise<void> {
    const key = rateLimitKey(kind, rateKey);
    await this.db
      .insertInto('job_rate_limits')
      .values({ key, next_at: until })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ next_at: sql`greatest(job_rate_limits.next_at, excluded.next_at)` }),
      )
      .execute();
  }

  async outcome(id: number): Promise<JobOutcome | null> {
    const row = await this.db
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? null : { state: row.state, reason: row.last_error };
  }

  async batchCounts(batchId: number, db: Kysely<Database> = this.db): Promise<BatchCounts | null> {
    const batch = await db
      .selectFrom('job_batches')
      .select('id')
      .where('id', '=', batchId)
      .executeTakeFirst();
    if (batch === undefined) return null;
    const rows = await db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('batch_id', '=', batchId)
      .groupBy('state')
      .execute();
    const counts: BatchCounts = { queued: 0, running: 0, done: 0, failed: 0 };
    for (const row of rows) counts[row.state] = Number(row.count);
    return counts;
  }

  async batchFailures(batchId: number, limit: number): Promise<JobFailureRow[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['payload', 'last_error'])
      .where('batch_id', '=', batchId)
      .where('state', '=', 'failed')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ payload: row.payload, reason: row.last_error ?? '' }));
  }

  /** Forgets finished jobs, and batches with nothing left to do, older than `before`. */
  async purge(before: Date): Promise<void> {
    await this.db
      .deleteFrom('job_batches')
      .where('created_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('jobs')
              .select('jobs.id')
              .whereRef('jobs.batch_id', '=', 'job_batches.id')
              .where('jobs.state', 'in', UNFINISHED),
          ),
        ),
      )
      .execute();
    await this.db
      .deleteFrom('jobs')
      .where('batch_id', 'is', null)
      .where('state', 'in', ['done', 'failed'])
      .where('finished_at', '<', before)
      .execute();
    await this.db.deleteFrom('job_rate_limits').where('next_at', '<', before).execute();
  }

  private async settle(
    job: ClaimedJob,
    changes: {
      state: JobState;
      finished_at?: Date;
      last_error?: string | null;
      run_at?: Date;
      attempts?: number;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(changes)
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
