import { describe, expect, it } from 'vitest';
import { toWinAnsiText } from './win-ansi-text.js';

describe('toWinAnsiText', () => {
  it('keeps Spanish letters, Latin-1 signs and the WinAnsi extras', () => {
    const text = 'Año ÑANDÚ ¿Qué? ¡Sí! 1° ½ € – — “” ‘’ • … ™ Œ š';
    expect(toWinAnsiText(text)).toBe(text);
  });

  it('composes decomposed accents before deciding', () => {
    expect(toWinAnsiText('Jose\u0301 Pen\u0303a')).toBe('José Peña');
  });

  it('prints one "?" per character it cannot show', () => {
    expect(toWinAnsiText('ok 😀 中文 \uFFFD ✓ \u0007 \u0085')).toBe('ok ? ?? ? ? ? ?');
  });

  it('keeps line breaks and turns tabs into spaces', () => {
    expect(toWinAnsiText('a\r\nb\rc\td')).toBe('a\nb\nc d');
  });
});
