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
    const claims = await Promise.all(instances.map((store) => store.claimOnce('c:x', 5_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
