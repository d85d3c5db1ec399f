import { randomFillSync } from 'node:crypto';

/**
 * Bytes drawn from the CSPRNG a block at a time, as Node does for
 * randomUUID(): a randomBytes() call for each token id or XSRF value costs
 * some fifteen times more than a slice of a block. Each byte is handed out once.
 */
const BLOCK_BYTES = 4096;
const block = Buffer.alloc(BLOCK_BYTES);
let next = BLOCK_BYTES;

/** `bytes` random bytes (at most 4 KiB) as base64url text. */
export function randomText(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > BLOCK_BYTES) {
    throw new RangeError(`randomText takes 1 to ${BLOCK_BYTES} bytes, not ${bytes}`);
  }
  if (next + bytes > BLOCK_BYTES) {
    randomFillSync(block);
    next = 0;
  }
  const text = block.toString('base64url', next, next + bytes);
  next += bytes;
  return text;
}
