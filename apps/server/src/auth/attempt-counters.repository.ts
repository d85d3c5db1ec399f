import { CompiledQuery, sql, type Kysely } from 'kysely';
import { preparedStatement, preparedStatementName } from '../db/prepared-statements.js';
import type { Database } from '../db/types.js';
import type {
  AttemptCounterStore,
  Count,
  CounterState,
  CountRequest,
  GatedLookup,
  Lookup,
  Taken,
} from './attempt-counter-store.js';

/** Closed windows are deleted once in this many writes, so the table stays small. */
const PURGE_EVERY = 500;

/** What a limit of Infinity (count whatever the window holds) is in an int column. */
const NO_LIMIT = 2_147_483_647;

/**
 * Failed-attempt counters (and single-use claims) in PostgreSQL, shared by
 * every instance. Each count and each claim is an atomic upsert, so two
 * instances counting the same key at once never lose a failure, never pass a
 * limit, nor both win a claim.
 */
export class AttemptCountersRepository implements AttemptCounterStore {
  private writes = 0;
  /** Each lookup's statement with the counters around it, built once per lookup text. */
  private readonly gated = new Map<string, CompiledQuery<GatedRow>>();

  constructor(
    protected readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
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

  /**
   * One upsert for every key: PostgreSQL locks each row and re-reads its limit
   * on its newest version, so racing attempts never pass it. It first waits
   * for its turn on the keys' advisory locks, as `lookUp` does, so that the
   * two never evaluate more attempts than the limits between them.
   */
  async take(requests: readonly CountRequest[]): Promise<Taken[]> {
    if (requests.length === 0) return [];
    const time = this.now();
    const ordered = [...requests].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const wanted = sql.join(
      ordered.map(
        ({ key, windowMs, limit }) =>
          sql`(${key}::text, ${time + windowMs}::bigint, ${Number.isFinite(limit) ? limit : NO_LIMIT}::int)`,
      ),
    );
    const keys = ordered.map(({ key }) => key);
    const { rows } = await sql<{ key: string; failures: number; reset_at: string | number }>`
      with locked as materialized (select attempt_lock(${keys}::text[])),
      wanted (key, reset_at, max_failures) as (values ${wanted})
      insert into attempt_counters as counter (key, failures, reset_at)
      select key, 1, reset_at from wanted, locked order by key
      on conflict (key) do update set
        failures = case when counter.reset_at <= ${time} then 1 else counter.failures + 1 end,
        reset_at = case when counter.reset_at <= ${time} then excluded.reset_at else counter.reset_at end
      where counter.reset_at <= ${time}
         or counter.failures < (select max_failures from wanted where wanted.key = counter.key)
      returning key, failures, reset_at`.execute(this.db);
    await this.purgeNow(time);
    const counted = new Map(rows.map((row) => [row.key, row]));
    return Promise.all(
      requests.map(async (request) => {
        const row = counted.get(request.key);
        return row === undefined
          ? this.full(request, time)
          : windowOf(request.key, true, row, time);
      }),
    );
  }

  /** Counts given back twice to one window (two attempts that succeeded) come off together. */
  async giveBack(counts: readonly Count[]): Promise<void> {
    const times = new Map<string, Count & { times: number }>();
    for (const { key, resetAt } of counts) {
      const window = `${key} ${resetAt}`;
      const seen = times.get(window);
      if (seen === undefined) times.set(window, { key, resetAt, times: 1 });
      else seen.times += 1;
    }
    if (times.size === 0) return;
    const given = sql.join(
      [...times.values()].map(
        ({ key, resetAt, times }) => sql`(${key}::text, ${resetAt}::bigint, ${times}::int)`,
      ),
    );
    // Locked in key order, as `take` writes them.
    await sql`
      with given (key, reset_at, times) as (values ${given})
      update attempt_counters
      set failures = greatest(attempt_counters.failures - locked.times, 0)
      from (
        select counter.key, given.times from attempt_counters as counter
        join given on given.key = counter.key and given.reset_at = counter.reset_at
        where counter.failures > 0
        order by counter.key
        for update of counter
      ) as locked
      where attempt_counters.key = locked.key`.execute(this.db);
  }

  async lookUp(requests: readonly CountRequest[], lookup: Lookup): Promise<GatedLookup> {
    const time = this.now();
    const { rows } = await this.db.executeQuery<GatedRow>({
      ...this.gatedStatement(lookup),
      parameters: [
        ...lookup.parameters,
        requests.map(({ key }) => key),
        requests.map(({ windowMs }) => windowMs),
        requests.map(({ limit }) => (Number.isFinite(limit) ? limit : NO_LIMIT)),
        time,
      ],
    });
    const { allowed, id, counted } = rows[0]!;
    if (!allowed) return { allowed: false };
    if (id !== null) return { allowed: true, id };
    await this.purgeNow(time);
    const windows = new Map((counted ?? []).map((row) => [row.key, row]));
    return {
      allowed: true,
      id: null,
      counted: requests.map(({ key }) => windowOf(key, true, windows.get(key)!, time)),
    };
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('attempt_counters').where('key', '=', key).execute();
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

  private gatedStatement(lookup: Lookup): CompiledQuery<GatedRow> {
    let statement = this.gated.get(lookup.sql);
    if (statement === undefined) {
      const text = gatedLookup(lookup);
      const query = CompiledQuery.raw(text) as CompiledQuery<GatedRow>;
      const name = preparedStatementName(lookup.sql);
      statement = name === undefined ? query : preparedStatement(`${name}_gated`, query);
      this.gated.set(lookup.sql, statement);
    }
    return statement;
  }

  /** The window that was full when `request` came; taken again when it closed in between. */
  private async full(request: CountRequest, time: number): Promise<Taken> {
    const current = await this.db
      .selectFrom('attempt_counters')
      .select(['failures', 'reset_at'])
      .where('key', '=', request.key)
      .executeTakeFirst();
    if (current === undefined) return (await this.take([request]))[0]!;
    return windowOf(request.key, false, current, time);
  }

  private async purgeNow(time: number): Promise<void> {
    this.writes += 1;
    if (this.writes % PURGE_EVERY !== 0) return;
    await this.db.deleteFrom('attempt_counters').where('reset_at', '<=', time).execute();
  }
}

interface GatedRow {
  allowed: boolean;
  id: number | null;
  /** The windows as counted, when the attempt was allowed and found nothing. */
  counted: { key: string; failures: number; reset_at: number }[] | null;
}

/**
 * `lookup`, then the counters settled on its result in one statement: the
 * counters' function waits for the keys' turn, and counts a failure on every
 * key when the attempt was allowed and found nothing. A refused attempt's
 * lookup runs too, but its result never leaves the database. Its parameters
 * are the lookup's, then the keys, their windows and limits, and the time.
 */
function gatedLookup(lookup: Lookup): string {
  const next = lookup.parameters.length;
  const [keys, windows, limits, now] = [1, 2, 3, 4].map((offset) => `$${next + offset}`);
  return `select allowed, id, counted from attempt_settle(
      ${keys}::text[], ${windows}::bigint[], ${limits}::int[], ${now}::bigint,
      (select looked_up.id from (${lookup.sql}) as looked_up limit 1))`;
}

/** A count asked for on `key`, answered from its window's row as read at `time`. */
function windowOf(
  key: string,
  taken: boolean,
  row: { failures: number; reset_at: string | number },
  time: number,
): Taken {
  const resetAt = Number(row.reset_at);
  return { key, taken, failures: row.failures, resetAt, resetInMs: resetAt - time };
}
