import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './base64.js';

describe('decodeBase64', () => {
  it('decodes standard, wrapped, unpadded and URL-safe base64', () => {
    const text = Buffer.from('<Invoice>ñ</Invoice>').toString('base64');
    expect(Buffer.from(decodeBase64(text)!).toString()).toBe('<Invoice>ñ</Invoice>');
    expect(decodeBase64(text.replace(/(.{8})/g, '$1\r\n'))).toEqual(decodeBase64(text));
    expect(Buffer.from(decodeBase64('YWI')!).toString()).toBe('ab');
    expect([...decodeBase64(Buffer.from([0xfb, 0xff]).toString('base64url'))!]).toEqual([
      0xfb, 0xff,
    ]);
  });

  it('decodes the empty text and non-canonical trailing bits', () => {
    expect(decodeBase64('')).toHaveLength(0);
    expect(Buffer.from(decodeBase64('YR==')!).toString()).toBe('a');
  });

  it('refuses what is not base64', () => {
    for (const bad of [
      '<Invoice/>',
      'abc$',
      'a',
      'YW=I',
      'YQ==YQ==',
      '%PDF-1.4',
      'YWJj\u0000',
      'YW Jj!',
    ]) {
      expect(decodeBase64(bad), bad).toBeNull();
    }
  });
});
