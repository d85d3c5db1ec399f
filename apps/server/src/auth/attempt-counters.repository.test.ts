import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { MemoryAttemptCounterStore, type AttemptCounterStore } from './attempt-counter-store.js';
import { AttemptCountersRepository } from './attempt-counters.repository.js';
import { SharedAttemptCounters } from './shared-attempt-counters.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** The same promises whether counters live in this process or in the shared database. */
describe.each([
  { name: 'memory', open: (now: () => number) => new MemoryAttemptCounterStore(now) },
  {
    name: 'database',
    open: (now: () => number) => new AttemptCountersRepository(database.db, now),
  },
])('attempt counters in $name', ({ open }) => {
  const clock = { now: 1_000 };
  let store: AttemptCounterStore;
  beforeEach(async () => {
    await database.db.deleteFrom('attempt_counters').execute();
    clock.now = 1_000;
    store = open(() => clock.now);
  });

  const take = async (key: string, limit: number) =>
    (await store.take([{ key, windowMs: 60_000, limit }]))[0]!;

  it('counts in a fixed window and opens a new one when it ends', async () => {
    expect(await store.get('t:doc')).toEqual({ failures: 0, resetInMs: 0 });
    expect(await take('t:doc', Infinity)).toMatchObject({ failures: 1, resetInMs: 60_000 });
    clock.now += 20_000;
    expect(await take('t:doc', Infinity)).toMatchObject({ failures: 2, resetInMs: 40_000 });
    expect(await store.get('t:doc')).toEqual({ failures: 2, resetInMs: 40_000 });
    clock.now += 40_000;
    expect(await store.get('t:doc')).toEqual({ failures: 0, resetInMs: 0 });
    expect(await take('t:doc', Infinity)).toMatchObject({ failures: 1, resetInMs: 60_000 });
  });

  it('takes a count only while the window holds fewer than the limit, and gives one back', async () => {
    const first = await take('a:ip', 2);
    expect(first).toEqual({
      key: 'a:ip',
      taken: true,
      failures: 1,
      resetInMs: 60_000,
      resetAt: 61_000,
    });
    expect((await take('a:ip', 2)).taken).toBe(true);
    expect(await take('a:ip', 2)).toEqual({
      key: 'a:ip',
      taken: false,
      failures: 2,
      resetInMs: 60_000,
      resetAt: 61_000,
    });
    await store.giveBack([first]);
    expect(await store.get('a:ip')).toEqual({ failures: 1, resetInMs: 60_000 });
    expect((await take('a:ip', 2)).taken).toBe(true);
    clock.now += 60_000;
    // A count of a window that ended is not given back to the next one.
    expect((await take('a:ip', 2)).failures).toBe(1);
    await store.giveBack([first]);
    expect((await store.get('a:ip')).failures).toBe(1);
  });

  it('takes and gives back several keys at once, each against its own limit, in the order asked', async () => {
    await take('t:full', 1);
    const both = await store.take([
      { key: 't:full', windowMs: 60_000, limit: 1 },
      { key: 'a:free', windowMs: 30_000, limit: 5 },
    ]);
    expect(both).toEqual([
      { key: 't:full', taken: false, failures: 1, resetInMs: 60_000, resetAt: 61_000 },
      { key: 'a:free', taken: true, failures: 1, resetInMs: 30_000, resetAt: 31_000 },
    ]);
    await store.giveBack([both[1]!, { key: 't:full', resetAt: 61_000 }]);
    expect(await store.get('a:free')).toEqual({ failures: 0, resetInMs: 30_000 });
    expect(await store.get('t:full')).toEqual({ failures: 0, resetInMs: 60_000 });
  });

  it('forgets a key', async () => {
    await take('t:account', Infinity);
    await store.delete('t:account');
    expect(await store.get('t:account')).toEqual({ failures: 0, resetInMs: 0 });
  });

  it('lets a key be claimed once until its time is up', async () => {
    expect(await store.claimOnce('challenge:abc', 10_000)).toBe(true);
    expect(await store.claimOnce('challenge:abc', 10_000)).toBe(false);
    clock.now += 10_000;
    expect(await store.claimOnce('challenge:abc', 10_000)).toBe(true);
  });
});

describe('counters shared by several instances', () => {
  it('lose no failure and grant a claim once when instances race', async () => {
    await database.db.deleteFrom('attempt_counters').execute();
    const instances = [1, 2, 3, 4].map(() => new AttemptCountersRepository(database.db, () => 0));
    const count = { key: 't:doc', windowMs: 60_000, limit: Infinity };
    await Promise.all(instances.map((store) => store.take([count])));
    expect(await instances[0]!.get('t:doc')).toEqual({ failures: 4, resetInMs: 60_000 });
    // Each attempt counts its address and its target at once, as the limiter does.
    const takes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        instances[index % 4]!.take([
          { key: 'a:ip', windowMs: 60_000, limit: 5 },
          { key: `t:doc-${index % 3}`, windowMs: 60_000, limit: 100 },
        ]),
      ),
    );
    expect(takes.filter(([address]) => address!.taken)).toHaveLength(5);
    const claims = await Promise.all(instances.map((store) => store.claimOnce('c:x', 5_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});

// Instances with pools of their own need a database server.
describe.skipIf(process.env.TEST_DATABASE_URL === undefined)(
  'counters shared through a database server',
  () => {
    it('give counts back without waiting, all of them, and never below zero', async () => {
      await database.db.deleteFrom('attempt_counters').execute();
      const counters = new SharedAttemptCounters(database.url!);
      try {
        const taken = await Promise.all(
          Array.from({ length: 30 }, () =>
            counters.take([{ key: 'a:office', windowMs: 60_000, limit: 100 }]),
          ),
        );
        await Promise.all(taken.map((counts) => counters.giveBack(counts)));
        await counters.giveBack(taken[0]!);
        await counters.settled();
        expect(await counters.get('a:office')).toMatchObject({ failures: 0 });
      } finally {
        await counters.close();
      }
    });
  },
);
