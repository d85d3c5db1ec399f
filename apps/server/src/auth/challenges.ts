import {
  CHALLENGE_LEVELS,
  ChallengeSolutionSchema,
  type Challenge,
  type ChallengeLevel,
} from '@sufel/contract';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AttemptCounterStore } from './attempt-counter-store.js';

/** How long a challenge may take to solve and be used. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** Upper bound of the secret number: about a second of SHA-256 in a browser worker. */
export const DEFAULT_CHALLENGE_MAX_NUMBER = 100_000;

/**
 * How many times more work an `address` challenge is than a `target` one: a few
 * seconds for a person behind a connection that many others failed from, and
 * that much more for each guess of whoever is failing.
 */
export const ADDRESS_CHALLENGE_FACTOR = 5;

const rank = (level: ChallengeLevel) => CHALLENGE_LEVELS.indexOf(level);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Self-hosted proof of work (the ALTCHA scheme): the server hashes a random
 * salt with a secret number and signs the hash; the client finds the number by
 * trying them all. The expiry and the level ride in the salt, which the signed
 * hash binds, so no state is kept until a solution is spent, and each is
 * accepted once.
 */
export class ChallengeService {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly store: AttemptCounterStore,
    private readonly now: () => Date,
    private readonly maxNumber = DEFAULT_CHALLENGE_MAX_NUMBER,
  ) {
    this.key = createHmac('sha256', secret).update('sufel challenges v1').digest();
  }

  create(level: ChallengeLevel = 'target'): Challenge {
    const expires = Math.floor(this.now().getTime() / 1000) + CHALLENGE_TTL_SECONDS;
    const salt = `${randomBytes(12).toString('hex')}?expires=${expires}&level=${level}`;
    const maxnumber =
      level === 'address' ? this.maxNumber * ADDRESS_CHALLENGE_FACTOR : this.maxNumber;
    const challenge = sha256(`${salt}${randomInt(0, maxnumber + 1)}`);
    return { algorithm: 'SHA-256', challenge, salt, maxnumber, signature: this.sign(challenge) };
  }

  /**
   * Whether `header` (base64url JSON) solves a live challenge of ours, of
   * `level` or a harder one, never used before.
   */
  async verify(header: string, level: ChallengeLevel): Promise<boolean> {
    if (header.length > 1024) return false;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    } catch {
      // Not JSON: not a solution.
      return false;
    }
    const parsed = ChallengeSolutionSchema.safeParse(decoded);
    if (!parsed.success) return false;
    const { challenge, salt, number, signature } = parsed.data;
    const fields = /\?expires=(\d{1,12})(?:&level=(\w+))?$/.exec(salt);
    const expires = Number(fields?.[1] ?? 0);
    if (expires * 1000 <= this.now().getTime()) return false;
    const solved = CHALLENGE_LEVELS.find((known) => known === (fields?.[2] ?? 'target'));
    if (solved === undefined || rank(solved) < rank(level)) return false;
    if (!sameHex(signature, this.sign(challenge))) return false;
    if (!sameHex(sha256(`${salt}${number}`), challenge)) return false;
    return this.store.claimOnce(`challenge:${challenge}`, CHALLENGE_TTL_SECONDS * 1000);
  }

  private sign(challenge: string): string {
    return createHmac('sha256', this.key).update(challenge).digest('hex');
  }
}
