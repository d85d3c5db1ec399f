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

  it('cuts a word of a million characters into full lines, keeping every character', () => {
    const word = 'ABCDEFGHIJ'.repeat(100_000);
    const lines = wrapText(`inicio ${word} fin`, 70, measure);
    const tail = word.slice(-(word.length % 70));
    expect(lines[0]).toBe('inicio');
    expect(lines.at(-1)).toBe(`${tail} fin`);
    const pieces = lines.slice(1, -1);
    expect(pieces).toHaveLength(Math.floor(word.length / 70));
    expect(pieces.every((piece) => piece.length === 70)).toBe(true);
    expect(pieces.join('') + tail).toBe(word);
  });

  it('lets the next word join the tail of a long word that was cut', () => {
    expect(wrapText(`${'x'.repeat(25)} yz`, 10, measure)).toEqual([
      'xxxxxxxxxx',
      'xxxxxxxxxx',
      'xxxxx yz',
    ]);
  });

  it('measures only short texts, whatever the length of a word', () => {
    const measured: number[] = [];
    const counting = (text: string): number => {
      measured.push(text.length);
      return text.length;
    };
    wrapText(`${'a'.repeat(50_000)} ${'b'.repeat(50_000)}`, 30, counting);
    expect(Math.max(...measured)).toBeLessThanOrEqual(2);
    expect(measured.length).toBeLessThanOrEqual(10);
  });

  it('keeps the kerning of the font between the characters of a line', () => {
    // "AV" is kerned 0.5 tighter than its letters side by side.
    const kerned = (text: string): number => {
      let width = text.length;
      for (let i = 1; i < text.length; i += 1) if (text.slice(i - 1, i + 1) === 'AV') width -= 0.5;
      return width;
    };
    expect(wrapText('AVAVAV AVAV', 5.5, kerned)).toEqual(['AVAVAV', 'AVAV']);
    expect(wrapText('AVAVAVAVAV', 4, kerned)).toEqual(['AVAVA', 'VAVAV']);
  });
});
