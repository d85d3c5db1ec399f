import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%2F123; b=2')).toBe('abc/123');
  });

  it('does not confuse names that share a prefix', () => {
    expect(readCookie('XSRF-TOKEN', 'OLD-XSRF-TOKEN=x; XSRF-TOKEN-2=y')).toBeNull();
  });

  it('keeps a value that is not percent-encoded', () => {
    expect(readCookie('t', 't=100%')).toBe('100%');
  });
});
