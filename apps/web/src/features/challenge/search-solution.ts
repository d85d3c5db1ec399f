import type { Challenge } from '@sufel/contract';

/** Hashes in flight at once: the digests run in parallel, so the search takes about a second. */
const BATCH = 500;

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The number the server hid in a challenge: the one whose SHA-256 of
 * `salt + number` is the challenge. Null when none up to `maxnumber` is
 * (the challenge was not made by our server). Runs in a worker, or in the page
 * where workers are missing.
 */
export async function searchSolution(
  { challenge, salt, maxnumber }: Pick<Challenge, 'challenge' | 'salt' | 'maxnumber'>,
  onProgress: (fraction: number) => void = () => undefined,
): Promise<number | null> {
  const encoder = new TextEncoder();
  for (let start = 0; start <= maxnumber; start += BATCH) {
    const end = Math.min(start + BATCH, maxnumber + 1);
    const numbers = Array.from({ length: end - start }, (_, index) => start + index);
    const digests = await Promise.all(
      numbers.map((number) => crypto.subtle.digest('SHA-256', encoder.encode(`${salt}${number}`))),
    );
    const found = digests.findIndex((digest) => hex(digest) === challenge);
    if (found >= 0) return numbers[found]!;
    onProgress(end / (maxnumber + 1));
  }
  return null;
}
