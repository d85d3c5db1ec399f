import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { AttemptCounterStore, CounterState, Taken } from './attempt-counter-store.js';

/** Closed windows are deleted once in this many writes, so the table stays small. */
const PURGE_EVERY = 500;

/**
 * Failed-attempt counters (and single-use claims) in PostgreSQL, shared by
 * every instance. Each increment and each claim is one atomic upsert, so two
 * instances counting the same key at once never lose a failure nor both win a
 * claim.
 */
export class AttemptCountersRepository implements AttemptCounterStore {
  private writes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    /** When set, every change is announced on this NOTIFY channel as `key failures reset_at`. */
    private readonly channel?: string,
  ) {}

  async get(key: string): Promise<CounterState> {
    const time = this.now();
    const row = await this.db
      .selectFrom('attempt_counters')
      .select(['failures', 'reset_at'])
      .where('key', '=', key)
      .where('reset_at', '>', time)
      .executeTakeFirst();
    return row === undefined
      ? { failures: 0, resetInMs: 0 }
      : { failures: row.failures, resetInMs: Number(row.reset_at) - time };
  }

  async increment(key: string, windowMs: number): Promise<CounterState> {
    const time = this.now();
    const { failures, resetAt } = await this.count(key, windowMs, time);
    return { failures, resetInMs: resetAt - time };
  }

  async take(key: string, windowMs: number, limit: number): Promise<Taken> {
    const time = this.now();
    const counted = Number.isFinite(limit)
      ? await this.count(key, windowMs, time, limit)
      : await this.count(key, windowMs, time);
    if (counted !== null) return { ...counted, taken: true, resetInMs: counted.resetAt - time };
    const current = await this.db
      .selectFrom('attempt_counters')
      .select(['failures', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    // The full window closed or was forgotten in between: try again on the fresh one.
    if (current === undefined) return this.take(key, windowMs, limit);
    const resetAt = Number(current.reset_at);
    return { taken: false, failures: current.failures, resetAt, resetInMs: resetAt - time };
  }

  /**
   * Counts one failure at `time`, unless the live window already holds
   * `limit` (then null); answers the window's failures and when it ends
   * (epoch ms). One upsert: PostgreSQL locks the row and re-reads the limit on
   * its newest version, so racing attempts never pass it.
   */
  async count(
    key: string,
    windowMs: number,
    time?: number,
  ): Promise<{ failures: number; resetAt: number }>;
  async count(
    key: string,
    windowMs: number,
    time: number | undefined,
    limit: number,
  ): Promise<{ failures: number; resetAt: number } | null>;
  async count(
    key: string,
    windowMs: number,
    time = this.now(),
    limit?: number,
  ): Promise<{ failures: number; resetAt: number } | null> {
    const closed = sql<boolean>`attempt_counters.reset_at <= ${time}`;
    const counted = this.db
      .insertInto('attempt_counters')
      .values({ key, failures: 1, reset_at: time + windowMs })
      .onConflict((oc) => {
        const update = oc.column('key').doUpdateSet({
          failures: sql`case when ${closed} then 1 else attempt_counters.failures + 1 end`,
          reset_at: sql`case when ${closed} then excluded.reset_at else attempt_counters.reset_at end`,
        });
        return limit === undefined
          ? update
          : update.where((eb) =>
              eb.or([
                eb('attempt_counters.reset_at', '<=', time),
                eb('attempt_counters.failures', '<', limit),
              ]),
            );
      })
      .returning(['key', 'failures', 'reset_at']);
    // The new value is announced by the statement that writes it, so no change goes unannounced.
    const row =
      this.channel === undefined
        ? await counted.executeTakeFirst()
        : await this.db
            .with('counted', () => counted)
            .selectFrom('counted')
            .select(['key', 'failures', 'reset_at'])
            .select(
              sql`pg_notify(${this.channel}, counted.key || ' ' || counted.failures || ' ' || counted.reset_at)`.as(
                'announced',
              ),
            )
            .executeTakeFirst();
    await this.purgeNow(time);
    if (row === undefined) {
      if (limit === undefined) throw new Error(`The counter ${key} was not written`);
      return null;
    }
    return { failures: row.failures, resetAt: Number(row.reset_at) };
  }

  async giveBack(key: string, resetAt: number): Promise<void> {
    const given = this.db
      .updateTable('attempt_counters')
      .set({ failures: sql`attempt_counters.failures - 1` })
      .where('key', '=', key)
      .where('reset_at', '=', resetAt)
      .where('failures', '>', 0)
      .returning(['key', 'failures', 'reset_at']);
    if (this.channel === undefined) {
      await given.execute();
      return;
    }
    await this.db
      .with('given', () => given)
      .selectFrom('given')
      .select(
        sql`pg_notify(${this.channel}, given.key || ' ' || given.failures || ' ' || given.reset_at)`.as(
          'announced',
        ),
      )
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('attempt_counters').where('key', '=', key).execute();
      if (this.channel !== undefined) {
        await sql`select pg_notify(${this.channel}, ${key} || ' 0 0')`.execute(trx);
      }
    });
  }

  /** Set-if-absent: the row is taken over only when its time is up. */
  async claimOnce(key: string, ttlMs: number): Promise<boolean> {
    const time = this.now();
    const claimed = await this.db
      .insertInto('attempt_counters')
      .values({ key: `once:${key}`, failures: 0, reset_at: time + ttlMs })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ reset_at: sql`excluded.reset_at` })
          .where('attempt_counters.reset_at', '<=', time),
      )
      .returning('key')
      .executeTakeFirst();
    await this.purgeNow(time);
    return claimed !== undefined;
  }

  private async purgeNow(time: number): Promise<void> {
    this.writes += 1;
    if (this.writes % PURGE_EVERY !== 0) return;
    await this.db.deleteFrom('attempt_counters').where('reset_at', '<=', time).execute();
  }
}
