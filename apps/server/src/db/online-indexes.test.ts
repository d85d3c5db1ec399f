import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { buildIndexesAhead, migrateTo, migrateToLatest } from './migrate.js';
import { INDEXES } from './migrations/2026_11_28_1700_receiver_filter_indexes.js';
import { createIndex } from './online-indexes.js';
import type { Database } from './types.js';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.drop());

async function validity(db: Kysely<Database>, name: string): Promise<boolean | undefined> {
  const { rows } = await sql<{ valid: boolean }>`
    select pg_index.indisvalid as valid
    from pg_index join pg_class on pg_class.oid = pg_index.indexrelid
    where pg_class.relname = ${name}`.execute(db);
  return rows[0]?.valid;
}

describe('indexes built ahead of their migration', () => {
  it('builds an index once, and again when an interrupted build left it invalid', async () => {
    const { db } = database;
    await sql`create table upgrade_keys (k int)`.execute(db);
    await sql`insert into upgrade_keys values (1), (1), (2)`.execute(db);
    const index = { name: 'upgrade_keys_k', definition: sql`on upgrade_keys (k)` };
    const unique = { name: 'upgrade_keys_unique', definition: sql`on upgrade_keys ((k * 0))` };

    expect(await createIndex(db, index, { concurrently: true })).toBe('built');
    expect(await createIndex(db, index, { concurrently: true })).toBe('present');
    // A concurrent build that fails half-way leaves its index behind, invalid.
    await expect(
      sql`create unique index concurrently upgrade_keys_unique on upgrade_keys ((k * 0))`.execute(
        db,
      ),
    ).rejects.toThrow();
    expect(await validity(db, 'upgrade_keys_unique')).toBe(false);

    expect(await createIndex(db, unique, { concurrently: true })).toBe('built');
    expect(await validity(db, 'upgrade_keys_unique')).toBe(true);
  });

  it("builds the next release's indexes on a database in use, which its migration then finds", async () => {
    const { db } = database;
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    await migrateTo(db, '2026_11_28_1400_attempt_settle');
    const started: string[] = [];
    const outcomes: string[] = [];

    await buildIndexesAhead(db, {
      start: (name) => started.push(name),
      done: (name, outcome) => outcomes.push(`${name} ${outcome}`),
    });

    expect(started).toEqual(INDEXES.map((index) => index.name));
    expect(outcomes).toEqual(INDEXES.map((index) => `${index.name} built`));
    for (const { name } of INDEXES) expect(await validity(db, name)).toBe(true);
    expect(await migrateToLatest(db)).toContain('2026_11_28_1700_receiver_filter_indexes');
    expect(await validity(db, 'documents_receiver_tipo')).toBeUndefined();

    outcomes.length = 0;
    await buildIndexesAhead(db, {
      start: () => undefined,
      done: (name, outcome) => outcomes.push(`${name} ${outcome}`),
    });
    expect(outcomes).toEqual([]);
  });
});
