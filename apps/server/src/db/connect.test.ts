import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { connectPostgres } from './connect.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the database connection', () => {
  it("answers the receiver's capped count from the covering date index", async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'documents_receiver_fecha'`.execute(
      database.db,
    );
    expect(rows[0]?.indexdef).toMatch(/INCLUDE \(origen, emisor, tipo, serie, numero\b/);
  });

  // PGlite has no JIT compiler; a PostgreSQL server has one on by default.
  it.skipIf(process.env.TEST_DATABASE_URL === undefined)(
    'never compiles plans on PostgreSQL, where compiling costs more than these queries run',
    async () => {
      const pool = connectPostgres(database.url!, 2);
      try {
        const { rows } = await sql<{ jit: string }>`show jit`.execute(pool);
        expect(rows).toEqual([{ jit: 'off' }]);
      } finally {
        await pool.destroy();
      }
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL === undefined)(
    'waits for the disk on every commit, unless asked not to',
    async () => {
      const durable = connectPostgres(database.url!, 1);
      const fleeting = connectPostgres(database.url!, 1, { durableCommits: false });
      try {
        const setting = sql<{ synchronous_commit: string }>`show synchronous_commit`;
        expect((await setting.execute(durable)).rows).toEqual([{ synchronous_commit: 'on' }]);
        expect((await setting.execute(fleeting)).rows).toEqual([{ synchronous_commit: 'off' }]);
      } finally {
        await durable.destroy();
        await fleeting.destroy();
      }
    },
  );
});
