import { describe, expect, it } from 'vitest';
import { amountToCents, normalizeAmount } from './decimal.js';

describe('normalizeAmount', () => {
  it('writes two decimals', () => {
    expect(normalizeAmount(11.8)).toBe('11.80');
    expect(normalizeAmount('11.8')).toBe('11.80');
    expect(normalizeAmount(0)).toBe('0.00');
    expect(normalizeAmount('423225')).toBe('423225.00');
    expect(normalizeAmount('000123.40')).toBe('123.40');
  });

  it('is not fooled by binary floats', () => {
    expect(normalizeAmount(0.1 + 0.2)).toBe('0.30');
    expect(normalizeAmount(1.005)).toBe('1.01');
    expect(normalizeAmount(655555555560.6)).toBe('655555555560.60');
  });

  it('rounds half away from zero at the third decimal', () => {
    expect(normalizeAmount('2.345')).toBe('2.35');
    expect(normalizeAmount('2.3449')).toBe('2.34');
    expect(normalizeAmount('9.999')).toBe('10.00');
  });

  it('accepts thousands separators and a decimal comma', () => {
    expect(normalizeAmount('1,180.00')).toBe('1180.00');
    expect(normalizeAmount('11,80')).toBe('11.80');
    expect(normalizeAmount(' 1 180.5 ')).toBe('1180.50');
  });

  it('reads a total as printed, with its currency', () => {
    expect(normalizeAmount('S/ 1,180.00')).toBe('1180.00');
    expect(normalizeAmount('S/ 1180.00')).toBe('1180.00');
    expect(normalizeAmount('S/.1,180.00')).toBe('1180.00');
    expect(normalizeAmount('US$ 1,180.00')).toBe('1180.00');
    expect(normalizeAmount('$1,180.00')).toBe('1180.00');
    expect(normalizeAmount('pen 1180')).toBe('1180.00');
    expect(normalizeAmount('€ 10,50')).toBe('10.50');
  });

  it('rejects what is not a non-negative amount', () => {
    for (const bad of [
      '',
      'abc',
      '-1',
      '1.2.3',
      '1e5',
      Number.NaN,
      -3,
      Infinity,
      '12345678901234567.00',
      'S/',
      'S/ S/ 1180',
      'UF 1180',
    ]) {
      expect(normalizeAmount(bad), String(bad)).toBeNull();
    }
  });
});

describe('amountToCents', () => {
  it('turns amount text into integer cents', () => {
    expect(amountToCents('1180.00')).toBe(118000n);
    expect(amountToCents('0.05')).toBe(5n);
  });

  it('refuses non-amounts', () => {
    expect(() => amountToCents('x')).toThrow(RangeError);
  });
});
