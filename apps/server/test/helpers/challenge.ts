import { CHALLENGE_HEADER, ChallengeSchema, type ChallengeLevel } from '@sufel/contract';
import { createHash } from 'node:crypto';
import type { TestApp } from './build-test-app.js';

/** Fetches a challenge of `level` and solves it as a client would: the header to send with an attempt. */
export async function solvedChallenge(
  t: TestApp,
  level: ChallengeLevel = 'target',
): Promise<Record<string, string>> {
  const response = await t.app.inject({ method: 'GET', url: `/api/challenge?level=${level}` });
  const { challenge, salt, maxnumber, signature, algorithm } = ChallengeSchema.parse(
    response.json(),
  );
  for (let number = 0; number <= maxnumber; number++) {
    if (createHash('sha256').update(`${salt}${number}`).digest('hex') === challenge) {
      const solution = { algorithm, challenge, salt, number, signature };
      return {
        [CHALLENGE_HEADER]: Buffer.from(JSON.stringify(solution)).toString('base64url'),
      };
    }
  }
  throw new Error('Challenge without a solution');
}
