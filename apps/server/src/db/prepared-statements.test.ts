import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { connectPostgres } from './connect.js';
import { preparedStatement } from './prepared-statements.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`insert into companies (ruc, nombre, password_hash)
            values ('20100000001', 'UNO', 'x'), ('20100000002', 'DOS', 'x')`.execute(database.db);
});
afterAll(() => database.drop());

const companyName = preparedStatement(
  'test_company_name',
  CompiledQuery.raw('select nombre from companies where ruc = $1', []),
);

describe('prepared statements', () => {
  it('keeps one name per text and one text per name', () => {
    expect(preparedStatement('test_company_name', companyName)).toBe(companyName);
    expect(() => preparedStatement('test_other_name', companyName)).toThrow(/already prepared/);
    expect(() =>
      preparedStatement('test_company_name', CompiledQuery.raw('select 1 from companies', [])),
    ).toThrow(/taken by another statement/);
  });

  it('answers each run with that run’s parameters', async () => {
    for (const [ruc, nombre] of [
      ['20100000001', 'UNO'],
      ['20100000002', 'DOS'],
      ['20100000001', 'UNO'],
    ]) {
      const { rows } = await database.db.executeQuery({ ...companyName, parameters: [ruc] });
      expect(rows).toEqual([{ nombre }]);
    }
    const { rows } = await database.db.executeQuery({ ...companyName, parameters: ['0'] });
    expect(rows).toEqual([]);
  });

  // A prepared statement lives in a PostgreSQL session; the embedded database runs the text as before.
  it.skipIf(process.env.TEST_DATABASE_URL === undefined)(
    'is prepared once on a PostgreSQL connection, and other queries are not',
    async () => {
      const single = connectPostgres(database.url!, 1);
      try {
        for (const ruc of ['20100000001', '20100000002']) {
          await single.executeQuery({ ...companyName, parameters: [ruc] });
        }
        await single.executeQuery(CompiledQuery.raw('select count(*) from companies', []));
        const { rows } = await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(single);
        expect(rows).toEqual([{ name: 'test_company_name', statement: companyName.sql }]);
      } finally {
        await single.destroy();
      }
    },
  );
});
