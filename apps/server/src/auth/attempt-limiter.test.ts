import { describe, expect, it } from 'vitest';
import { MemoryAttemptCounterStore } from './attempt-counter-store.js';
import { AttemptLimiter, TooManyAttemptsError } from './attempt-limiter.js';

function setup() {
  const clock = { now: 0 };
  const store = new MemoryAttemptCounterStore(() => clock.now);
  const solved = new Set(['good']);
  const limiter = new AttemptLimiter(store, (solution) => Promise.resolve(solved.has(solution)), {
    address: { maxFailures: 3, windowMs: 1000 },
    target: { maxFailures: 2, windowMs: 1000 },
  });
  return { clock, store, limiter };
}

const fail = () => Promise.resolve(null);
const succeed = () => Promise.resolve('ok');

describe('AttemptLimiter', () => {
  it('tells how many failures remain, then asks the target for a solved challenge', async () => {
    const { limiter } = setup();
    expect(await limiter.attempt({ address: 'a', target: 't' }, fail)).toEqual({
      ok: false,
      attemptsLeft: 1,
    });
    expect(await limiter.attempt({ address: 'b', target: 't' }, fail)).toEqual({
      ok: false,
      attemptsLeft: 0,
    });
    await expect(limiter.attempt({ address: 'c', target: 't' }, succeed)).rejects.toMatchObject({
      statusCode: 429,
      details: { challengeRequired: true },
    });
    await expect(
      limiter.attempt({ address: 'c', target: 't', solution: 'bad' }, succeed),
    ).rejects.toMatchObject({ statusCode: 429 });
    expect(await limiter.attempt({ address: 'c', target: 't', solution: 'good' }, succeed)).toEqual(
      { ok: true, value: 'ok' },
    );
    // Other targets are untouched.
    expect(await limiter.attempt({ address: 'c', target: 'u' }, succeed)).toMatchObject({
      ok: true,
    });
  });

  it('refuses an address past its limit outright, with the time left', async () => {
    const { limiter, clock } = setup();
    for (const target of ['x', 'y', 'z']) await limiter.attempt({ address: 'a', target }, fail);
    clock.now = 400;
    const refused = limiter.attempt({ address: 'a', target: 'w', solution: 'good' }, succeed);
    await expect(refused).rejects.toBeInstanceOf(TooManyAttemptsError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1 });
    clock.now = 1000;
    expect(await limiter.attempt({ address: 'a', target: 'w' }, succeed)).toMatchObject({
      ok: true,
    });
  });

  it('forgets a target on request and when its window ends', async () => {
    const { limiter, clock } = setup();
    for (const address of ['a', 'b']) await limiter.attempt({ address, target: 't' }, fail);
    await limiter.forget('t');
    expect(await limiter.attempt({ address: 'c', target: 't' }, succeed)).toMatchObject({
      ok: true,
    });
    for (const address of ['a', 'b']) await limiter.attempt({ address, target: 's' }, fail);
    clock.now = 1000;
    expect(await limiter.attempt({ address: 'c', target: 's' }, succeed)).toMatchObject({
      ok: true,
    });
  });
});

describe('MemoryAttemptCounterStore.claimOnce', () => {
  it('accepts a key once until it expires', async () => {
    const { store, clock } = setup();
    expect(await store.claimOnce('k', 100)).toBe(true);
    expect(await store.claimOnce('k', 100)).toBe(false);
    clock.now = 100;
    expect(await store.claimOnce('k', 100)).toBe(true);
  });
});
