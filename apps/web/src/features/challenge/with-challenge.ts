import { API_PATHS, CHALLENGE_HEADER, ChallengeSchema } from '@sufel/contract';
import { api } from '../../lib/api-client';
import { isHttpError } from '../../lib/http-error';
import { solveChallenge } from './solve-challenge';

/** One try of an attempt, carrying the headers of a solved challenge when there is one. */
export type Attempt<T> = (headers: Record<string, string>) => Promise<T>;

/**
 * Runs an attempt (a login, a consultation, a registration); when the server
 * answers that the account or document needs a verification, solves a fresh
 * challenge and tries once more with its solution. `onProgress` hears the
 * search from 0 to 1, and null when it is over.
 */
export async function withChallenge<T>(
  attempt: Attempt<T>,
  onProgress: (fraction: number | null) => void,
): Promise<T> {
  try {
    return await attempt({});
  } catch (error) {
    if (!isHttpError(error, 429) || !error.challengeRequired) throw error;
  }
  onProgress(0);
  try {
    const challenge = ChallengeSchema.parse(await api.get(API_PATHS.challenge));
    const solution = await solveChallenge(challenge, onProgress);
    onProgress(null);
    return await attempt({ [CHALLENGE_HEADER]: solution });
  } finally {
    onProgress(null);
  }
}
