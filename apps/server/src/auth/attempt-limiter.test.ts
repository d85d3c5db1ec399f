import type { ChallengeLevel } from '@sufel/contract';
import { describe, expect, it } from 'vitest';
import { MemoryAttemptCounterStore } from './attempt-counter-store.js';
import { AttemptLimiter, TooManyAttemptsError } from './attempt-limiter.js';

function setup() {
  const clock = { now: 0 };
  const store = new MemoryAttemptCounterStore(() => clock.now);
  // 'good' solves a target challenge; 'hard' an address challenge, which also serves a target.
  const solves = (solution: string, level: ChallengeLevel) =>
    solution === 'hard' || (solution === 'good' && level === 'target');
  const limiter = new AttemptLimiter(
    store,
    (solution, level) => Promise.resolve(solves(solution, level)),
    {
      address: { maxFailures: 3, refuseAfter: 6, windowMs: 1000 },
      target: { maxFailures: 2, windowMs: 1000 },
    },
  );
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

  it('asks an address past its threshold for the harder challenge, and lets the right data in with it', async () => {
    const { limiter } = setup();
    for (const target of ['x', 'y', 'z']) await limiter.attempt({ address: 'a', target }, fail);
    const expected = {
      statusCode: 429,
      details: { challengeRequired: true, challengeLevel: 'address' },
    };
    await expect(limiter.attempt({ address: 'a', target: 'w' }, succeed)).rejects.toMatchObject(
      expected,
    );
    // A target's challenge is not enough for an address that many failed from.
    await expect(
      limiter.attempt({ address: 'a', target: 'w', solution: 'good' }, succeed),
    ).rejects.toMatchObject(expected);
    expect(await limiter.attempt({ address: 'a', target: 'w', solution: 'hard' }, succeed)).toEqual(
      { ok: true, value: 'ok' },
    );
    // Other addresses never notice.
    expect(await limiter.attempt({ address: 'b', target: 'w' }, succeed)).toMatchObject({
      ok: true,
    });
  });

  it('asks once for the harder challenge when both the address and the target are past theirs', async () => {
    const { limiter } = setup();
    for (const address of ['b', 'c']) await limiter.attempt({ address, target: 't' }, fail);
    for (const target of ['x', 'y', 'z']) await limiter.attempt({ address: 'a', target }, fail);
    expect(
      await limiter.attempt({ address: 'a', target: 't', solution: 'hard' }, succeed),
    ).toMatchObject({ ok: true });
  });

  it('refuses an address outright only past the flood limit, with the time left', async () => {
    const { limiter, clock } = setup();
    for (const target of ['x', 'y', 'z']) await limiter.attempt({ address: 'a', target }, fail);
    // Unsolved attempts are refused without counting: only solved failures lead to the flood limit.
    for (let i = 0; i < 10; i++) {
      await expect(limiter.attempt({ address: 'a', target: 'v' }, fail)).rejects.toMatchObject({
        statusCode: 429,
      });
    }
    for (const target of ['p', 'q', 'r']) {
      expect(await limiter.attempt({ address: 'a', target, solution: 'hard' }, fail)).toMatchObject(
        { ok: false },
      );
    }
    clock.now = 400;
    const refused = limiter.attempt({ address: 'a', target: 'w', solution: 'hard' }, succeed);
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
