import { describe, expect, it } from 'vitest';
import { randomText } from './random-text.js';

describe('randomText', () => {
  it('gives base64url text of the asked number of bytes', () => {
    for (const bytes of [1, 16, 32, 4096]) {
      const text = randomText(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(text, 'base64url')).toHaveLength(bytes);
    }
  });

  it('never repeats itself, across many blocks', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) seen.add(randomText(16));
    expect(seen.size).toBe(20_000);
  });

  it('spreads its bits evenly', () => {
    // Each text decoded on its own: joined, the unused low bits of every last character would
    // count as zeros.
    const bytes = Buffer.concat(
      Array.from({ length: 2000 }, () => Buffer.from(randomText(32), 'base64url')),
    );
    let ones = 0;
    for (const byte of bytes) for (let bit = 0; bit < 8; bit += 1) ones += (byte >> bit) & 1;
    // 512 000 bits: a fair source lands within ±0.5 % of half (over 7 standard deviations).
    expect(Math.abs(ones / (bytes.length * 8) - 0.5)).toBeLessThan(0.005);
  });

  it('refuses sizes it cannot give', () => {
    for (const bytes of [0, -1, 1.5, 4097]) expect(() => randomText(bytes)).toThrow(RangeError);
  });
});
