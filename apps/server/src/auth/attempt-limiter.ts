import { API_MESSAGES, CHALLENGE_HEADER, countOf } from '@sufel/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { AttemptCounterStore } from './attempt-counter-store.js';

/**
 * Counts FAILED attempts (a consultation that matched nothing, a wrong
 * password) per client address and per target (a document key, an account),
 * in fixed windows. Successful attempts are never counted.
 *
 * The two limits slow different people. An address past its limit is refused
 * outright (429 with Retry-After): that is the guesser. A target past its
 * threshold is not refused: each further attempt on it must carry a solved
 * proof-of-work challenge, which costs a person a second in the browser but
 * makes mass guessing expensive, so strangers cannot lock the owner out.
 */

export interface LimitRule {
  /** Failures allowed within one window. */
  maxFailures: number;
  windowMs: number;
}

export interface LimitRules {
  /** Past it, the address is refused. */
  address: LimitRule;
  /** Past it, attempts on the target need a solved challenge. */
  target: LimitRule;
}

export const DEFAULT_LIMIT_RULES: LimitRules = {
  address: { maxFailures: 20, windowMs: 15 * 60_000 },
  target: { maxFailures: 5, windowMs: 15 * 60_000 },
};

/** Checks a solved challenge (signature, expiry, work, not used before). */
export type ChallengeVerifier = (solution: string) => Promise<boolean>;

export interface Attempt {
  address: string;
  target: string;
  /** The `x-challenge-solution` header, when the caller solved one. */
  solution?: string | undefined;
}

export type AttemptOutcome<T> = { ok: true; value: T } | { ok: false; attemptsLeft: number };

/** Thrown when an address has used up its failed attempts. */
export class TooManyAttemptsError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Demasiados intentos fallidos. Intente nuevamente en ${countOf(Math.max(1, Math.ceil(retryAfterSeconds / 60)), 'minuto', 'minutos')}.`,
    );
    this.name = 'TooManyAttemptsError';
  }
}

export class AttemptLimiter {
  constructor(
    private readonly store: AttemptCounterStore,
    private readonly verifyChallenge: ChallengeVerifier,
    private readonly rules: LimitRules = DEFAULT_LIMIT_RULES,
  ) {}

  /**
   * Runs one attempt unless the address is blocked or the target needs a
   * challenge the caller did not solve; an attempt that answers null is a
   * failure, counted against both.
   */
  async attempt<T>(
    { address, target, solution }: Attempt,
    run: () => Promise<T | null>,
  ): Promise<AttemptOutcome<T>> {
    const [byAddress, byTarget] = await Promise.all([
      this.store.get(addressKey(address)),
      this.store.get(targetKey(target)),
    ]);
    if (byAddress.failures >= this.rules.address.maxFailures) {
      throw new TooManyAttemptsError(Math.ceil(byAddress.resetInMs / 1000));
    }
    if (byTarget.failures >= this.rules.target.maxFailures) {
      if (solution === undefined || !(await this.verifyChallenge(solution))) {
        throw new AppError(
          'too_many_attempts',
          API_MESSAGES.verificationRequired,
          {},
          {
            challengeRequired: true,
            attemptsLeft: 0,
          },
        );
      }
    }
    const value = await run();
    if (value !== null) return { ok: true, value };
    const [, counted] = await Promise.all([
      this.store.increment(addressKey(address), this.rules.address.windowMs),
      this.store.increment(targetKey(target), this.rules.target.windowMs),
    ]);
    return {
      ok: false,
      attemptsLeft: Math.max(0, this.rules.target.maxFailures - counted.failures),
    };
  }

  /** Forgets a target's failures. */
  forget(target: string): Promise<void> {
    return this.store.delete(targetKey(target));
  }
}

const addressKey = (address: string) => `a:${address}`;
const targetKey = (target: string) => `t:${target}`;

/** A refused attempt, telling how many failures remain before a verification is needed. */
export function failedAttempt(
  code: 'bad_request' | 'not_found',
  message: string,
  attemptsLeft: number,
): AppError {
  return new AppError(code, message, {}, { attemptsLeft });
}

/** The attempt a request makes on `target`, with the challenge solution it carries, if any. */
export function attemptOf(request: FastifyRequest, target: string): Attempt {
  const header = request.headers[CHALLENGE_HEADER];
  return { address: request.ip, target, solution: typeof header === 'string' ? header : undefined };
}
