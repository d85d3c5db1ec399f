import { sql, type Kysely } from 'kysely';

/**
 * A consultation's counters are settled by one function, given the lookup's
 * result: it waits for the keys' turn, reads their windows afresh, and counts
 * a failure only when the attempt was allowed and found nothing. It replaces
 * `attempt_windows`, whose rows the caller had to join and count around:
 * calling a set-returning function from a statement of CTEs cost PostgreSQL
 * about as much again as the lookup itself.
 *
 * The locks are taken in one statement rather than one per key, in the same
 * order as before (by lock id), so `take` and a consultation never deadlock.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function attempt_lock(keys text[]) returns integer
    language plpgsql volatile as $$
    declare
      locked integer;
    begin
      perform pg_advisory_xact_lock(lock_id)
      from (select distinct hashtextextended(key, 0) as lock_id from unnest(keys) as key order by 1)
        as ordered;
      get diagnostics locked = row_count;
      return locked;
    end $$`.execute(db);
  // Each statement of a volatile function reads with a fresh snapshot: the
  // windows are read after the locks, so they show every attempt on these
  // keys that had its turn before this one.
  await sql`create function attempt_settle(
      keys text[], windows bigint[], limits integer[], now_ms bigint, found_id integer,
      out allowed boolean, out id integer, out counted json)
    language plpgsql volatile as $$
    begin
      perform attempt_lock(keys);
      allowed := not exists (
        select 1 from attempt_counters as counter
        join unnest(keys, limits) as wanted (key, max_failures) on wanted.key = counter.key
        where counter.reset_at > now_ms and counter.failures >= wanted.max_failures);
      if not allowed then
        return;
      end if;
      id := found_id;
      if found_id is not null then
        return;
      end if;
      with failed as (
        insert into attempt_counters as counter (key, failures, reset_at)
        select wanted.key, 1, now_ms + wanted.window_ms
        from unnest(keys, windows) as wanted (key, window_ms)
        order by wanted.key
        on conflict (key) do update set
          failures = case when counter.reset_at <= now_ms then 1 else counter.failures + 1 end,
          reset_at = case when counter.reset_at <= now_ms then excluded.reset_at else counter.reset_at end
        returning counter.key, counter.failures, counter.reset_at)
      select coalesce(json_agg(failed), '[]'::json) into counted from failed;
    end $$`.execute(db);
  await sql`drop function attempt_windows(text[], bigint)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function attempt_settle(text[], bigint[], integer[], bigint, integer)`.execute(db);
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
