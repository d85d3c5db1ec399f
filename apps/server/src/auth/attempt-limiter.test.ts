import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter.js';

const rules = {
  address: { maxFailures: 4, windowMs: 60_000 },
  target: { maxFailures: 2, windowMs: 60_000 },
};

describe('AttemptLimiter', () => {
  it('refuses a target after its failures, for every address', () => {
    let now = 0;
    const limiter = new AttemptLimiter(rules, () => now);
    expect(limiter.check('1.1.1.1', 'doc-a').limited).toBe(false);
    limiter.fail('1.1.1.1', 'doc-a');
    limiter.fail('2.2.2.2', 'doc-a');
    const verdict = limiter.check('3.3.3.3', 'doc-a');
    expect(verdict).toEqual({ limited: true, retryAfterSeconds: 60 });
    expect(limiter.check('3.3.3.3', 'doc-b').limited).toBe(false);
    now = 30_000;
    expect(limiter.check('3.3.3.3', 'doc-a').retryAfterSeconds).toBe(30);
  });

  it('refuses an address after its failures, whatever the target', () => {
    const limiter = new AttemptLimiter(rules, () => 0);
    for (const target of ['a', 'b', 'c', 'd']) limiter.fail('9.9.9.9', target);
    expect(limiter.check('9.9.9.9', 'new-target').limited).toBe(true);
    expect(limiter.check('8.8.8.8', 'new-target').limited).toBe(false);
  });

  it('forgets failures when the window ends', () => {
    let now = 0;
    const limiter = new AttemptLimiter(rules, () => now);
    limiter.fail('1.1.1.1', 'doc');
    limiter.fail('1.1.1.1', 'doc');
    expect(limiter.check('1.1.1.1', 'doc').limited).toBe(true);
    now = 60_000;
    expect(limiter.check('1.1.1.1', 'doc').limited).toBe(false);
  });

  it('never counts what succeeded', () => {
    const limiter = new AttemptLimiter(rules, () => 0);
    for (let i = 0; i < 100; i++) expect(limiter.check('1.1.1.1', 'doc').limited).toBe(false);
  });
});
