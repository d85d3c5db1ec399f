import type { Challenge } from '@sufel/contract';
import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A proof-of-work challenge as the server makes one, hiding `secret`. */
export function challengeHiding(secret: number, maxnumber = 2000): Challenge {
  const salt = `abc123?expires=${Math.floor(Date.now() / 1000) + 300}`;
  return {
    algorithm: 'SHA-256',
    challenge: sha256(`${salt}${secret}`),
    salt,
    maxnumber,
    signature: 'f'.repeat(64),
  };
}
