import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { MirroredAttemptCounters } from './mirrored-attempt-counters.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never became true');
}

// LISTEN/NOTIFY needs a PostgreSQL server: the embedded database has one process and no mirror.
describe.skipIf(process.env.TEST_DATABASE_URL === undefined)(
  'attempt counters mirrored by every instance',
  () => {
    const instances: MirroredAttemptCounters[] = [];
    const open = async () => {
      const counters = new MirroredAttemptCounters(database.url!);
      instances.push(counters);
      await counters.start();
      return counters;
    };
    afterAll(() => Promise.all(instances.map((counters) => counters.close())));

    it('answers from memory what any instance counted, and forgets what any instance forgot', async () => {
      const [first, second] = [await open(), await open()];
      expect(first.mirrored && second.mirrored).toBe(true);
      await first.increment('t:doc-1', 60_000);
      await second.increment('t:doc-1', 60_000);
      expect((await second.get('t:doc-1')).failures).toBe(2);
      await eventually(async () => (await first.get('t:doc-1')).failures === 2);

      await second.delete('t:doc-1');
      await eventually(async () => (await first.get('t:doc-1')).failures === 0);
    });

    it('loads the windows opened before it started', async () => {
      const before = await open();
      await before.increment('t:account-9', 60_000);
      const late = await open();
      expect((await late.get('t:account-9')).failures).toBe(1);
    });

    it('reads the database while it cannot listen, and listens again', async () => {
      const counters = await open();
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where query = 'listen sufel_attempt_counters' and datname = current_database()
                  and pid <> pg_backend_pid()`.execute(database.db);
      await eventually(() => Promise.resolve(!counters.mirrored));
      const other = await open();
      await other.increment('t:doc-while-down', 60_000);
      expect((await counters.get('t:doc-while-down')).failures).toBe(1);
      await eventually(() => Promise.resolve(counters.mirrored));
      await other.increment('t:doc-while-down', 60_000);
      await eventually(async () => (await counters.get('t:doc-while-down')).failures === 2);
    });
  },
);
