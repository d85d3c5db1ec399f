import type { Challenge } from '@sufel/contract';
import { searchSolution } from './search-solution';

/** Messages the solving worker sends back to the page. */
export type WorkerAnswer =
  | { type: 'progress'; fraction: number }
  | { type: 'done'; number: number | null }
  | { type: 'failed'; message: string };

// The web app compiles with the DOM library only: this is the slice of a worker's scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Challenge>) => void) | null;
  postMessage(answer: WorkerAnswer): void;
};

scope.onmessage = (event) => {
  searchSolution(event.data, (fraction) => scope.postMessage({ type: 'progress', fraction })).then(
    (number) => scope.postMessage({ type: 'done', number }),
    (error: unknown) => scope.postMessage({ type: 'failed', message: String(error) }),
  );
};
