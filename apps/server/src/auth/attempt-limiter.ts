/**
 * Counts FAILED attempts (a consultation that matched nothing, a wrong
 * password) per client address and per target (a document key, an account),
 * in fixed windows. Successful attempts are never counted, so honest users who
 * get it right are not slowed; guessing a total or a password is. Each process
 * keeps its own counters.
 */

export interface LimitRule {
  /** Failures allowed within one window; the next attempt is refused. */
  maxFailures: number;
  windowMs: number;
}

export interface LimitRules {
  address: LimitRule;
  target: LimitRule;
}

export const DEFAULT_LIMIT_RULES: LimitRules = {
  address: { maxFailures: 20, windowMs: 15 * 60_000 },
  target: { maxFailures: 5, windowMs: 15 * 60_000 },
};

export interface LimitVerdict {
  limited: boolean;
  /** Seconds until the attempt may be made again (0 when not limited). */
  retryAfterSeconds: number;
}

interface Counter {
  failures: number;
  resetAt: number;
}

/** Bound on tracked keys, so a flood of distinct targets cannot exhaust memory. */
const MAX_KEYS = 200_000;

export class AttemptLimiter {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly rules: LimitRules = DEFAULT_LIMIT_RULES,
    private readonly now: () => number = Date.now,
  ) {}

  check(address: string, target: string): LimitVerdict {
    const time = this.now();
    let retryAfterMs = 0;
    for (const [key, rule] of this.keys(address, target)) {
      const counter = this.live(key, time);
      if (counter && counter.failures >= rule.maxFailures) {
        retryAfterMs = Math.max(retryAfterMs, counter.resetAt - time);
      }
    }
    return { limited: retryAfterMs > 0, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
  }

  fail(address: string, target: string): void {
    const time = this.now();
    for (const [key, rule] of this.keys(address, target)) {
      const counter = this.live(key, time);
      if (counter) counter.failures += 1;
      else {
        this.makeRoom(time);
        this.counters.set(key, { failures: 1, resetAt: time + rule.windowMs });
      }
    }
  }

  private keys(address: string, target: string): [string, LimitRule][] {
    return [
      [`a:${address}`, this.rules.address],
      [`t:${target}`, this.rules.target],
    ];
  }

  private live(key: string, time: number): Counter | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.resetAt <= time) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private makeRoom(time: number): void {
    if (this.counters.size < MAX_KEYS) return;
    for (const [key, counter] of this.counters) {
      if (counter.resetAt <= time) this.counters.delete(key);
    }
    // Still full: forget the oldest windows first (Map keeps insertion order).
    for (const key of this.counters.keys()) {
      if (this.counters.size < MAX_KEYS) break;
      this.counters.delete(key);
    }
  }
}

/** Thrown when an address or a target has used up its failed attempts. */
export class TooManyAttemptsError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Demasiados intentos fallidos. Intente nuevamente en ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minuto(s).`,
    );
    this.name = 'TooManyAttemptsError';
  }
}

/**
 * Runs one attempt unless the address or target is blocked; an attempt that
 * answers null is a failure and is counted.
 */
export async function attemptWithLimit<T>(
  limiter: AttemptLimiter,
  address: string,
  target: string,
  attempt: () => Promise<T | null>,
): Promise<T | null> {
  const verdict = limiter.check(address, target);
  if (verdict.limited) throw new TooManyAttemptsError(verdict.retryAfterSeconds);
  const result = await attempt();
  if (result === null) limiter.fail(address, target);
  return result;
}
