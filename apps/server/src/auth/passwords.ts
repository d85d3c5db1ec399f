import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Slow salted password hashes with scrypt. The parameters travel inside each
 * hash (`scrypt$N$r$p$salt$key`), so the cost can be raised later without
 * invalidating stored passwords.
 */

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the time of one verification when there is no account, so the
   * answer time does not reveal which accounts exist.
   */
  verifyNothing(password: string): Promise<false>;
}

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** About 100 ms on one core of a small server: slow for guessing, fine for a login. */
export const PRODUCTION_COST = 2 ** 15;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

function optionsFor(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

async function verifyHash(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  const actual = await derive(password, salt, optionsFor(N, r, p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function createPasswordHasher(cost: number = PRODUCTION_COST): PasswordHasher {
  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, optionsFor(cost, BLOCK_SIZE, PARALLELISM));
    return [
      'scrypt',
      cost,
      BLOCK_SIZE,
      PARALLELISM,
      salt.toString('base64'),
      key.toString('base64'),
    ].join('$');
  }

  let decoy: Promise<string> | undefined;

  return {
    hash,
    verify: verifyHash,
    async verifyNothing(password) {
      decoy ??= hash(randomBytes(12).toString('base64'));
      await verifyHash(password, await decoy);
      return false;
    },
  };
}
