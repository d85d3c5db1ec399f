import { sql, type Kysely } from 'kysely';

/**
 * Attempts on the same keys (an address, a document) take their turns on
 * transaction-scoped advisory locks. A consultation then reads its counters,
 * looks the document up and counts a failure in one statement, writing
 * nothing when it succeeds, and still no more attempts than the limits allow
 * are evaluated at once across instances.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Locked in one order (by lock id), so two attempts sharing keys never deadlock.
  await sql`create function attempt_lock(keys text[]) returns integer
    language plpgsql volatile as $$
    declare
      lock_id bigint;
      locked integer := 0;
    begin
      for lock_id in
        select distinct hashtextextended(key, 0) from unnest(keys) as key order by 1
      loop
        perform pg_advisory_xact_lock(lock_id);
        locked := locked + 1;
      end loop;
      return locked;
    end $$`.execute(db);
  // The read is a statement of its own, after the locks: it sees every
  // attempt on these keys that committed before this one's turn.
  await sql`create function attempt_windows(keys text[], now_ms bigint)
    returns table (key text, failures integer, reset_at bigint)
    language plpgsql volatile as $$
    begin
      perform attempt_lock(keys);
      return query
        select counter.key, counter.failures, counter.reset_at
        from attempt_counters as counter
        where counter.key = any(keys) and counter.reset_at > now_ms;
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function attempt_windows(text[], bigint)`.execute(db);
  await sql`drop function attempt_lock(text[])`.execute(db);
}
