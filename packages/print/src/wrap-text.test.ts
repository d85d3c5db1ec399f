import { describe, expect, it } from 'vitest';
import { wrapText } from './wrap-text.js';

/** One point per character keeps the expectations readable. */
const measure = (text: string): number => text.length;

describe('wrapText', () => {
  it('breaks at spaces, filling each line', () => {
    expect(wrapText('uno dos tres cuatro cinco', 9, measure)).toEqual([
      'uno dos',
      'tres',
      'cuatro',
      'cinco',
    ]);
  });

  it('keeps a text that fits on one line', () => {
    expect(wrapText('SERVICIO', 8, measure)).toEqual(['SERVICIO']);
  });

  it('cuts a word wider than the line', () => {
    expect(wrapText('ab ABCDEFGHIJ cd', 4, measure)).toEqual(['ab', 'ABCD', 'EFGH', 'IJ', 'cd']);
  });

  it('honours the line breaks of the text and collapses runs of spaces', () => {
    expect(wrapText('  uno   dos\n\ntres  ', 20, measure)).toEqual(['uno dos', '', 'tres']);
  });

  it('answers one empty line for an empty text', () => {
    expect(wrapText('', 10, measure)).toEqual(['']);
    expect(wrapText('   ', 10, measure)).toEqual(['']);
  });

  it('puts at least one character on a line narrower than any character', () => {
    expect(wrapText('abc', 0.5, measure)).toEqual(['a', 'b', 'c']);
  });
});
