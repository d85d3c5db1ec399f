import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import {
  MemoryAttemptCounterStore,
  type AttemptCounterStore,
  type CountRequest,
  type Lookup,
} from './attempt-counter-store.js';
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

/** A lookup that finds `id` when it is positive, and nothing otherwise. */
const lookupOf = (id: number): Lookup =>
  sql<{ id: number }>`select ${id}::int as id where ${id}::int > 0`.compile(database.db);

/** An attempt's address and target, as the limiter asks for them. */
const attemptOn = (target: string, address = 'a:ip'): CountRequest[] => [
  { key: address, windowMs: 60_000, limit: 3 },
  { key: target, windowMs: 30_000, limit: 2 },
];

describe('a lookup run under the counters', () => {
  const clock = { now: 1_000 };
  let store: AttemptCountersRepository;
  beforeEach(async () => {
    await database.db.deleteFrom('attempt_counters').execute();
    clock.now = 1_000;
    store = new AttemptCountersRepository(database.db, () => clock.now);
  });

  it('answers what it found and writes nothing', async () => {
    expect(await store.lookUp(attemptOn('t:doc'), lookupOf(7))).toEqual({ allowed: true, id: 7 });
    expect(await database.db.selectFrom('attempt_counters').selectAll().execute()).toEqual([]);
  });

  it('counts a failure on every key, each in its own window', async () => {
    expect(await store.lookUp(attemptOn('t:doc'), lookupOf(0))).toEqual({
      allowed: true,
      id: null,
      counted: [
        { key: 'a:ip', taken: true, failures: 1, resetInMs: 60_000, resetAt: 61_000 },
        { key: 't:doc', taken: true, failures: 1, resetInMs: 30_000, resetAt: 31_000 },
      ],
    });
    clock.now += 30_000;
    const [, target] = (
      (await store.lookUp(attemptOn('t:doc'), lookupOf(0))) as { counted: unknown[] }
    ).counted;
    // The target's window ended and a new one opened; the address's goes on.
    expect(target).toMatchObject({ failures: 1, resetAt: 61_000 });
    expect(await store.get('a:ip')).toEqual({ failures: 2, resetInMs: 30_000 });
  });

  it('neither answers what it found nor counts once a window holds its limit, until it ends', async () => {
    await store.lookUp(attemptOn('t:doc'), lookupOf(0));
    await store.lookUp(attemptOn('t:doc', 'a:other'), lookupOf(0));
    expect(await store.lookUp(attemptOn('t:doc', 'a:third'), lookupOf(7))).toEqual({
      allowed: false,
    });
    expect(await store.get('a:third')).toEqual({ failures: 0, resetInMs: 0 });
    // The address's limit holds whatever the target.
    await store.lookUp(attemptOn('t:x'), lookupOf(0));
    await store.lookUp(attemptOn('t:y'), lookupOf(0));
    expect(await store.lookUp(attemptOn('t:z'), lookupOf(7))).toEqual({ allowed: false });
    clock.now += 30_000;
    expect(await store.lookUp(attemptOn('t:doc', 'a:third'), lookupOf(7))).toEqual({
      allowed: true,
      id: 7,
    });
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

    it('evaluate no more lookups and counts than the limit, however many race', async () => {
      await database.db.deleteFrom('attempt_counters').execute();
      const instances = [1, 2, 3, 4].map(() => new SharedAttemptCounters(database.url!));
      try {
        // Wrong guesses at one document from many addresses, and counts taken the usual way.
        const attempts = await Promise.all(
          Array.from({ length: 40 }, (_, index) => {
            const store = instances[index % 4]!;
            const requests = attemptOn('t:doc', `a:${index}`);
            return index % 5 === 0
              ? store.take(requests).then((taken) => taken[1]!.taken)
              : store.lookUp(requests, lookupOf(0)).then((outcome) => outcome.allowed);
          }),
        );
        expect(attempts.filter(Boolean)).toHaveLength(2);
        expect(await instances[0]!.get('t:doc')).toMatchObject({ failures: 2 });
        // A right guess is refused as well now: a refusal says nothing about the guess.
        expect(await instances[1]!.lookUp(attemptOn('t:doc', 'a:late'), lookupOf(7))).toEqual({
          allowed: false,
        });
      } finally {
        await Promise.all(instances.map((counters) => counters.close()));
      }
    });
  },
);
