import { API_PATHS, CHALLENGE_HEADER, ChallengeSchema, type ChallengeLevel } from '@sufel/contract';
import { api } from '../../lib/api-client';
import { isHttpError } from '../../lib/http-error';
import { solveChallenge } from './solve-challenge';
import type { ChallengeStatus } from './use-challenge';

/** One try of an attempt, carrying the headers of a solved challenge when there is one. */
export type Attempt<T> = (headers: Record<string, string>) => Promise<T>;

/**
 * Runs an attempt (a login, a consultation, a registration); when the server
 * answers that the account, document or connection needs a verification,
 * solves a fresh challenge of the level it asked and tries once more with its
 * solution. `onProgress` hears the search from 0 to 1, and null when it is over.
 */
export async function withChallenge<T>(
  attempt: Attempt<T>,
  onProgress: (status: ChallengeStatus | null) => void,
): Promise<T> {
  let level: ChallengeLevel;
  try {
    return await attempt({});
  } catch (error) {
    if (!isHttpError(error, 429) || !error.challengeRequired) throw error;
    level = error.challengeLevel;
  }
  onProgress({ fraction: 0, level });
  try {
    const challenge = ChallengeSchema.parse(await api.get(`${API_PATHS.challenge}?level=${level}`));
    const solution = await solveChallenge(challenge, (fraction) => onProgress({ fraction, level }));
    onProgress(null);
    return await attempt({ [CHALLENGE_HEADER]: solution });
  } finally {
    onProgress(null);
  }
}
