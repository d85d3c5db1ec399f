import { describe, expect, it } from 'vitest';
import { capParagraphs, capText, CUT_MARK } from './printed-text-limits.js';

describe('capText', () => {
  it('keeps a text within the limit as it is', () => {
    expect(capText('SERVICIO', 8)).toBe('SERVICIO');
  });

  it('cuts a longer text and ends it with the mark', () => {
    expect(capText('abcdefghij', 4)).toBe(`abcd${CUT_MARK}`);
    expect(capText('abcdefghij', 4).endsWith('… (texto completo en el XML)')).toBe(true);
  });

  it('never splits a character written as a surrogate pair', () => {
    expect(capText('abc😀def', 4)).toBe(`abc${CUT_MARK}`);
  });
});

describe('capParagraphs', () => {
  it('shares the limit among the paragraphs in order and leaves the rest to the XML', () => {
    expect(capParagraphs(['uno', 'dos', 'tres', 'cuatro'], 8)).toEqual([
      'uno',
      'dos',
      `tr${CUT_MARK}`,
    ]);
  });

  it('keeps every paragraph when all fit', () => {
    expect(capParagraphs(['uno', 'dos'], 6)).toEqual(['uno', 'dos']);
  });
});
