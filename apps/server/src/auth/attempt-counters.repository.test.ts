import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { MemoryAttemptCounterStore, type AttemptCounterStore } from './attempt-counter-store.js';
import { AttemptCountersRepository } from './attempt-counters.repository.js';

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

  it('counts failures in a fixed window and opens a new one when it ends', async () => {
    expect(await store.get('t:doc')).toEqual({ failures: 0, resetInMs: 0 });
    expect(await store.increment('t:doc', 60_000)).toEqual({ failures: 1, resetInMs: 60_000 });
    clock.now += 20_000;
    expect(await store.increment('t:doc', 60_000)).toEqual({ failures: 2, resetInMs: 40_000 });
    expect(await store.get('t:doc')).toEqual({ failures: 2, resetInMs: 40_000 });
    clock.now += 40_000;
    expect(await store.get('t:doc')).toEqual({ failures: 0, resetInMs: 0 });
    expect(await store.increment('t:doc', 60_000)).toEqual({ failures: 1, resetInMs: 60_000 });
  });

  it('takes a count only while the window holds fewer than the limit, and gives one back', async () => {
    const first = await store.take('a:ip', 60_000, 2);
    expect(first).toEqual({ taken: true, failures: 1, resetInMs: 60_000, resetAt: 61_000 });
    expect((await store.take('a:ip', 60_000, 2)).taken).toBe(true);
    expect(await store.take('a:ip', 60_000, 2)).toEqual({
      taken: false,
      failures: 2,
      resetInMs: 60_000,
      resetAt: 61_000,
    });
    await store.giveBack('a:ip', first.resetAt);
    expect(await store.get('a:ip')).toEqual({ failures: 1, resetInMs: 60_000 });
    expect((await store.take('a:ip', 60_000, 2)).taken).toBe(true);
    clock.now += 60_000;
    // A count of a window that ended is not given back to the next one.
    expect((await store.take('a:ip', 60_000, 2)).failures).toBe(1);
    await store.giveBack('a:ip', first.resetAt);
    expect((await store.get('a:ip')).failures).toBe(1);
  });

  it('forgets a key', async () => {
    await store.increment('t:account', 60_000);
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
    await Promise.all(instances.map((store) => store.increment('t:doc', 60_000)));
    expect(await instances[0]!.get('t:doc')).toEqual({ failures: 4, resetInMs: 60_000 });
    const takes = await Promise.all(
      Array.from({ length: 40 }, (_, index) => instances[index % 4]!.take('a:ip', 60_000, 5)),
    );
    expect(takes.filter((taken) => taken.taken)).toHaveLength(5);
    const claims = await Promise.all(instances.map((store) => store.claimOnce('c:x', 5_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
