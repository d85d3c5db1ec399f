import { describe, expect, it } from 'vitest';
import { formatCents, parseCents } from './amounts.js';

describe('amounts in cents', () => {
  it('reads what SIRE writes', () => {
    expect(parseCents('535.97')).toBe(53597);
    expect(parseCents('-313.56')).toBe(-31356);
    expect(parseCents('0.00')).toBe(0);
    expect(parseCents('24')).toBe(2400);
    expect(parseCents('40.5')).toBe(4050);
    expect(parseCents('999999999999.99')).toBe(99999999999999);
  });

  it("reads Tabla 12's negative with a space, and never a negative zero", () => {
    expect(parseCents('- 313.56')).toBe(-31356);
    expect(Object.is(parseCents('-0.00'), 0)).toBe(true);
  });

  it('refuses what is not an amount of the register', () => {
    for (const text of [
      '',
      '1,234.56',
      '12,5',
      '1.234',
      '.5',
      'abc',
      '1e3',
      '--1',
      '1234567890123',
    ]) {
      expect(parseCents(text), text).toBeNull();
    }
  });

  it('writes two decimals and the sign', () => {
    expect(formatCents(53597)).toBe('535.97');
    expect(formatCents(-31356)).toBe('-313.56');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
  });
});
