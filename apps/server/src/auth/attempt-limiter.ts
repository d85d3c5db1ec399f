import {
  API_MESSAGES,
  CHALLENGE_HEADER,
  countOf,
  formatMessage,
  type ChallengeLevel,
  type PlainMessageKey,
} from '@sufel/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { AttemptCounterStore, Count, Lookup, Taken } from './attempt-counter-store.js';

/**
 * Counts FAILED attempts (a consultation that matched nothing, a wrong
 * password) per client address and per target (a document key, an account),
 * in fixed windows. Successful attempts are never counted: each attempt is
 * counted as it starts and given back when it succeeds.
 *
 * Past a threshold, neither limit refuses: each further attempt must carry a
 * solved proof-of-work challenge, which costs a person a second or a few in
 * the browser but makes mass guessing expensive, so strangers cannot lock the
 * owner out of a target, nor the people who share an office connection out of
 * the portal. The address's challenge is the harder one. Only a flood far
 * beyond what people do is refused outright (429 with Retry-After).
 */
export interface LimitRule {
  /** Failures allowed within one window. */
  maxFailures: number;
  windowMs: number;
}

export interface LimitRules {
  /**
   * Past `maxFailures`, attempts from the address need a solved `address`
   * challenge; past `refuseAfter`, they are refused until the window ends.
   */
  address: LimitRule & { refuseAfter: number };
  /** Past it, attempts on the target need a solved challenge. */
  target: LimitRule;
}

export const DEFAULT_LIMIT_RULES: LimitRules = {
  address: { maxFailures: 20, refuseAfter: 200, windowMs: 15 * 60_000 },
  target: { maxFailures: 5, windowMs: 15 * 60_000 },
};

/** Checks a solved challenge of `level` or harder (signature, expiry, work, not used before). */
export type ChallengeVerifier = (solution: string, level: ChallengeLevel) => Promise<boolean>;

export interface Attempt {
  address: string;
  target: string;
  /** The `x-challenge-solution` header, when the caller solved one. */
  solution?: string | undefined;
}

export type AttemptOutcome<T> = { ok: true; value: T } | { ok: false; attemptsLeft: number };

/** Thrown when an address has used up its failed attempts. */
export class TooManyAttemptsError extends Error {
  readonly code = 'tooManyAttemptsWait';

  constructor(readonly retryAfterSeconds: number) {
    super(
      formatMessage(API_MESSAGES.tooManyAttemptsWait, {
        wait: countOf(Math.max(1, Math.ceil(retryAfterSeconds / 60)), 'minuto', 'minutos'),
      }),
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
   * Runs one attempt unless the address is flooding, or the address or the
   * target needs a challenge the caller did not solve; an attempt that answers
   * null is a failure, counted against both.
   *
   * The attempt is counted before it runs and given back when it succeeds, so
   * simultaneous attempts see each other: however many arrive at once, no more
   * than the limits are evaluated without a challenge, on every instance.
   */
  async attempt<T>(
    { address, target, solution }: Attempt,
    run: () => Promise<T | null>,
  ): Promise<AttemptOutcome<T>> {
    const { address: addressRule, target: targetRule } = this.rules;
    const [byAddress, targetCount] = (await this.store.take([
      { key: addressKey(address), windowMs: addressRule.windowMs, limit: addressRule.refuseAfter },
      { key: targetKey(target), windowMs: targetRule.windowMs, limit: targetRule.maxFailures },
    ])) as [Taken, Taken];
    let byTarget = targetCount;
    const counts: Count[] = [byAddress, byTarget].filter((count) => count.taken);
    let outcome: AttemptOutcome<T> | undefined;
    try {
      if (!byAddress.taken) throw new TooManyAttemptsError(Math.ceil(byAddress.resetInMs / 1000));
      const level: ChallengeLevel | null =
        byAddress.failures > addressRule.maxFailures ? 'address' : byTarget.taken ? null : 'target';
      if (level !== null) {
        if (solution === undefined || !(await this.verifyChallenge(solution, level))) {
          throw challengeRequired(level);
        }
        // A solved challenge pays for the attempt; it still counts as a failure until it succeeds.
        if (!byTarget.taken) {
          [byTarget] = (await this.store.take([
            { key: targetKey(target), windowMs: targetRule.windowMs, limit: Infinity },
          ])) as [Taken];
          counts.push(byTarget);
        }
      }
      const value = await run();
      outcome =
        value === null
          ? {
              ok: false,
              attemptsLeft: Math.max(0, targetRule.maxFailures - byTarget.failures),
            }
          : { ok: true, value };
    } finally {
      // Only failures stay counted: a success, a refusal or a fault gives its counts back.
      if (outcome === undefined || outcome.ok) await this.store.giveBack(counts);
    }
    return outcome;
  }

  /**
   * The value of an attempt that succeeds; a failed one is refused with
   * `failure`, which tells the caller how many attempts remain.
   */
  async pass<T>(
    attempt: Attempt,
    run: () => Promise<T | null>,
    failure: { kind: 'bad_request' | 'not_found'; code: PlainMessageKey },
  ): Promise<T> {
    const outcome = await this.attempt(attempt, run);
    if (!outcome.ok) throw failedAttempt(failure.kind, failure.code, outcome.attemptsLeft);
    return outcome.value;
  }

  /**
   * The id `lookup` finds, as `pass` would answer it. Without a challenge to
   * check, a store that shares the lookup's database runs the whole attempt in
   * one statement that writes only when it fails; otherwise, or when a limit
   * is reached, the attempt takes its usual course, with `run` as the lookup.
   */
  async passLookup(
    attempt: Attempt,
    lookup: { query: Lookup; run: () => Promise<number | null> },
    failure: { kind: 'bad_request' | 'not_found'; code: PlainMessageKey },
  ): Promise<number> {
    const { store, rules } = this;
    if (attempt.solution === undefined && store.lookUp !== undefined) {
      const outcome = await store.lookUp(
        [
          {
            key: addressKey(attempt.address),
            windowMs: rules.address.windowMs,
            limit: rules.address.maxFailures,
          },
          {
            key: targetKey(attempt.target),
            windowMs: rules.target.windowMs,
            limit: rules.target.maxFailures,
          },
        ],
        lookup.query,
      );
      if (outcome.allowed) {
        if (outcome.id !== null) return outcome.id;
        const target = outcome.counted.find(({ key }) => key === targetKey(attempt.target))!;
        throw failedAttempt(
          failure.kind,
          failure.code,
          Math.max(0, rules.target.maxFailures - target.failures),
        );
      }
    }
    return this.pass(attempt, lookup.run, failure);
  }

  /** Forgets a target's failures. */
  forget(target: string): Promise<void> {
    return this.store.delete(targetKey(target));
  }
}

const addressKey = (address: string) => `a:${address}`;
const targetKey = (target: string) => `t:${target}`;

function challengeRequired(level: ChallengeLevel): AppError {
  return new AppError(
    'too_many_attempts',
    level === 'address' ? 'addressVerificationRequired' : 'verificationRequired',
    {},
    { challengeRequired: true, challengeLevel: level, attemptsLeft: 0 },
  );
}

/** A refused attempt, telling how many failures remain before a verification is needed. */
function failedAttempt(
  kind: 'bad_request' | 'not_found',
  code: PlainMessageKey,
  attemptsLeft: number,
): AppError {
  return new AppError(kind, code, {}, { attemptsLeft });
}

/** Who makes an attempt: the address, and the challenge solution it carries, if any. */
export type AttemptSource = Omit<Attempt, 'target'>;

/** The address of a request and the challenge solution it carries, if any. */
export function attemptSourceOf(request: FastifyRequest): AttemptSource {
  const header = request.headers[CHALLENGE_HEADER];
  return { address: request.ip, solution: typeof header === 'string' ? header : undefined };
}

/** The attempt a request makes on `target`, with the challenge solution it carries, if any. */
export function attemptOf(request: FastifyRequest, target: string): Attempt {
  return { ...attemptSourceOf(request), target };
}
