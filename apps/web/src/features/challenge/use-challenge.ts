import type { ChallengeLevel } from '@sufel/contract';
import { useCallback, useState } from 'react';
import type { Attempt } from './with-challenge';

/** A verification being solved: how far the search is (0…1), and how hard it was asked to be. */
export interface ChallengeStatus {
  fraction: number;
  level: ChallengeLevel;
}

/**
 * Attempts that solve a verification when the server asks for one, with its
 * status while it runs, null otherwise. The solving code
 * downloads only on the first attempt, so light pages keep their first load.
 */
export function useChallenge() {
  const [progress, setProgress] = useState<ChallengeStatus | null>(null);
  const run = useCallback(async <T>(attempt: Attempt<T>): Promise<T> => {
    const { withChallenge } = await import('./with-challenge');
    return withChallenge(attempt, setProgress);
  }, []);
  return { progress, run };
}
