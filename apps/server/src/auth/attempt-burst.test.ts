import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { ReceiversRepository } from '../modules/receiver/receiver.repository.js';
import type { AttemptCounterStore } from './attempt-counter-store.js';
import { AttemptCountersRepository } from './attempt-counters.repository.js';
import { AttemptLimiter, DEFAULT_LIMIT_RULES } from './attempt-limiter.js';
import { createPasswordHasher, type PasswordHasher } from './passwords.js';
import { SharedAttemptCounters } from './shared-attempt-counters.js';

const ACCOUNT = '20100070970';
const PASSWORD = 'clave-correcta-del-receptor';
const BURST = 200;

/** The production hasher, counting the passwords it is asked to check. */
function countingHasher(): PasswordHasher & { checked: number } {
  const real = createPasswordHasher(2 ** 10);
  const hasher = {
    checked: 0,
    hash: (password: string) => real.hash(password),
    verify(password: string, stored: string) {
      hasher.checked += 1;
      return real.verify(password, stored);
    },
    verifyNothing(password: string) {
      hasher.checked += 1;
      return real.verifyNothing(password);
    },
  };
  return hasher;
}

describe.each([
  { counters: 'memory', store: undefined },
  {
    counters: 'database',
    store: (database: TestDatabase): AttemptCounterStore =>
      new AttemptCountersRepository(database.db),
  },
])('a burst of wrong passwords, counted in $counters', ({ store }) => {
  let t: TestApp;
  const hasher = countingHasher();
  beforeAll(async () => {
    t = await buildTestApp({ passwordHasher: hasher, ...(store ? { counterStore: store } : {}) });
    await new ReceiversRepository(t.database.db).insert(
      ACCOUNT,
      'CLIENTE DE PRUEBA',
      await hasher.hash(PASSWORD),
      new Date(0),
    );
  });
  afterAll(() => t.close());

  it(`checks at most the allowed passwords of ${BURST} sent at once to one account from one address`, async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/client/login',
          payload: { documento: ACCOUNT, password: `adivinanza-${index}` },
          remoteAddress: '203.0.113.7',
        }),
      ),
    );
    const allowed = DEFAULT_LIMIT_RULES.target.maxFailures;
    expect(hasher.checked).toBeLessThanOrEqual(allowed);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(hasher.checked);
    expect(statuses.filter((status) => status === 429)).toHaveLength(BURST - hasher.checked);
  });
});

describe('attempts racing over several instances', () => {
  let database: TestDatabase;
  const pools: SharedAttemptCounters[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((counters) => counters.close()));
    await database.db.deleteFrom('attempt_counters').execute();
  });
  afterAll(() => database.drop());

  /** Instances sharing the database: each with its own pool on a server, its table on PGlite. */
  function instances(count: number): AttemptLimiter[] {
    return Array.from({ length: count }, () => {
      if (database.url === undefined) {
        return new AttemptLimiter(new AttemptCountersRepository(database.db), () =>
          Promise.resolve(false),
        );
      }
      const counters = new SharedAttemptCounters(database.url);
      pools.push(counters);
      return new AttemptLimiter(counters, () => Promise.resolve(false));
    });
  }

  /** Sends `count` failing attempts at once, spread over the instances; answers how many ran. */
  async function burst(
    limiters: AttemptLimiter[],
    attemptOf: (index: number) => { address: string; target: string },
  ): Promise<number> {
    let evaluated = 0;
    const fail = async () => {
      evaluated += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return null;
    };
    await Promise.allSettled(
      Array.from({ length: BURST }, (_, index) =>
        limiters[index % limiters.length]!.attempt(attemptOf(index), fail),
      ),
    );
    return evaluated;
  }

  it('evaluate at most the allowed attempts on one account', async () => {
    const evaluated = await burst(instances(4), (index) => ({
      address: `198.51.100.${index % 50}`,
      target: 'login:20100070970',
    }));
    expect(evaluated).toBe(DEFAULT_LIMIT_RULES.target.maxFailures);
  });

  it('evaluate at most the allowed attempts from one address', async () => {
    const evaluated = await burst(instances(4), (index) => ({
      address: '198.51.100.1',
      target: `login:2010007${String(index).padStart(4, '0')}`,
    }));
    expect(evaluated).toBe(DEFAULT_LIMIT_RULES.address.maxFailures);
  });
});
