import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-database.js';
import { migrateTo, migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/types.js';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.drop());

async function addDocuments(db: Kysely<Database>, count: number): Promise<number[]> {
  await sql`insert into companies (ruc, nombre, password_hash)
    values ('20100000001', 'EMISOR', 'x') on conflict do nothing`.execute(db);
  const { rows } = await sql<{ id: number }>`
    insert into documents (emisor, emisor_nombre, tipo, serie, numero, fecha, total, moneda,
      cliente_tipo, cliente_doc, cliente_nombre, xml_hash)
    select '20100000001', 'EMISOR', '01', 'F001', n, date '2025-09-10', 100, 'PEN',
      '6', '20999999999', 'CLIENTE', repeat('0', 64)
    from generate_series((select count(*) from documents) + 1, (select count(*) from documents) + ${count}) n
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

async function states(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('documents').select('validez').orderBy('id').execute();
  return rows.map((row) => row.validez);
}

const answer = (id: number, estado: string) =>
  sql`insert into document_validity (document_id, estado_cp, checked_at)
    values (${id}, ${estado}, now())
    on conflict (document_id) do update set estado_cp = excluded.estado_cp`;

describe("SUNAT's latest state on each document", () => {
  it('is "never checked" until an answer is recorded, then follows each answer', async () => {
    const { db } = database;
    const [first, second, third] = (await addDocuments(db, 3)) as [number, number, number];
    expect(await states(db)).toEqual(['sin', 'sin', 'sin']);

    await answer(first, '1').execute(db);
    expect(await states(db)).toEqual(['1', 'sin', 'sin']);
    await answer(first, '2').execute(db);
    expect(await states(db)).toEqual(['2', 'sin', 'sin']);
    // A period's check records many answers in one statement.
    await sql`insert into document_validity (document_id, estado_cp, checked_at)
      values (${second}, '0', now()), (${third}, '1', now())`.execute(db);
    expect(await states(db)).toEqual(['2', '0', '1']);
  });

  it('is copied from the answers recorded before the state was kept', async () => {
    const { db } = database;
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    await migrateTo(db, '2026_11_28_1700_receiver_filter_indexes');
    const [first] = (await addDocuments(db, 2)) as [number, number];
    await answer(first, '2').execute(db);

    await migrateToLatest(db);

    expect(await states(db)).toEqual(['2', 'sin']);
  });
});
