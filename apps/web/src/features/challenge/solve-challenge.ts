import type { Challenge, ChallengeSolution } from '@sufel/contract';
import type { WorkerAnswer } from './challenge.worker';
import { searchSolution } from './search-solution';

/** The challenge could not be solved: it was not one of ours, or the browser cannot hash. */
export class UnsolvableChallengeError extends Error {
  constructor() {
    super('The verification challenge could not be solved');
    this.name = 'UnsolvableChallengeError';
  }
}

/** Searches in a worker so the page stays responsive; in the page where workers are missing. */
function search(challenge: Challenge, onProgress: (fraction: number) => void) {
  if (typeof Worker === 'undefined') return searchSolution(challenge, onProgress);
  return new Promise<number | null>((resolve, reject) => {
    const worker = new Worker(new URL('./challenge.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      if (event.data.type === 'progress') {
        onProgress(event.data.fraction);
        return;
      }
      worker.terminate();
      if (event.data.type === 'done') resolve(event.data.number);
      else reject(new Error(`The verification failed: ${event.data.message}`));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`The verification worker failed: ${event.message}`));
    };
    worker.postMessage(challenge);
  });
}

/** base64url of the solution's JSON, as the server reads the `X-Challenge-Solution` header. */
export function encodeSolution(solution: ChallengeSolution): string {
  return btoa(JSON.stringify(solution)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Solves a proof-of-work challenge, telling `onProgress` how much of the search is done. */
export async function solveChallenge(
  challenge: Challenge,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const number = await search(challenge, onProgress);
  if (number === null) throw new UnsolvableChallengeError();
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return encodeSolution({ algorithm, challenge: hash, salt, number, signature });
}
