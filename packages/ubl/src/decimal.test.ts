import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  canonicalDecimal,
  integerDigits,
  isDecimal,
  isZeroDecimal,
  percentOfFactor,
  toTwoDecimals,
} from './decimal.js';

describe('decimal text', () => {
  it('recognises plain non-negative decimals only', () => {
    for (const text of ['0', '11.8', '0.00', '655555555560.6', '88.2000000000']) {
      expect(isDecimal(text), text).toBe(true);
    }
    for (const text of ['', '-1', '1,180.00', '1.', '.5', '1e3', ' 1', 'abc']) {
      expect(isDecimal(text), text).toBe(false);
    }
  });

  it('adds exactly, keeping the larger scale', () => {
    expect(addDecimals('0.15', '0.5')).toBe('0.65');
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('1025.64', '0.00')).toBe('1025.64');
    expect(addDecimals('999999999999.99', '0.01')).toBe('1000000000000.00');
    expect(addDecimals('5', '7')).toBe('12');
  });

  it('tells zero in any scale', () => {
    expect(isZeroDecimal('0')).toBe(true);
    expect(isZeroDecimal('0.000')).toBe(true);
    expect(isZeroDecimal('0.01')).toBe(false);
  });

  it('rounds half up to two decimals', () => {
    expect(toTwoDecimals('11.8')).toBe('11.80');
    expect(toTwoDecimals('118')).toBe('118.00');
    expect(toTwoDecimals('83.055')).toBe('83.06');
    expect(toTwoDecimals('83.0549')).toBe('83.05');
    expect(toTwoDecimals('0.005')).toBe('0.01');
    expect(toTwoDecimals('0.004')).toBe('0.00');
    expect(toTwoDecimals('99.995')).toBe('100.00');
  });

  it('reads every xs:decimal, signs included, in canonical form', () => {
    expect(['-8.44', '+5', '.5', '-1.', '007.10', '-0.00', '0'].map(canonicalDecimal)).toEqual([
      '-8.44',
      '5',
      '0.5',
      '-1',
      '7.10',
      '0.00',
      '0',
    ]);
    for (const text of ['', '-', '.', '+-1', '1e3', '1,5', ' 1', '--1', '1.2.3', 'NaN']) {
      expect(canonicalDecimal(text), text).toBeNull();
    }
  });

  it('computes with negative amounts', () => {
    expect(addDecimals('253.31', '-8.44')).toBe('244.87');
    expect(addDecimals('-0.15', '0.1')).toBe('-0.05');
    expect(addDecimals('-1', '-0.005')).toBe('-1.005');
    expect(isZeroDecimal('-0.00')).toBe(true);
    expect(toTwoDecimals('-8.445')).toBe('-8.45');
    expect(toTwoDecimals('-8.444')).toBe('-8.44');
    expect(toTwoDecimals('-0.004')).toBe('0.00');
    expect(toTwoDecimals('-.5')).toBe('-0.50');
  });

  it('counts the digits before the point, as a NUMERIC precision does', () => {
    expect(['0.50', '-8.44', '1234567890123456.99', '-00012.3'].map(integerDigits)).toEqual([
      0, 1, 16, 2,
    ]);
  });

  it('refuses to compute with text that is not a decimal', () => {
    expect(() => addDecimals('1', 'x')).toThrow(RangeError);
    expect(() => toTwoDecimals('1,5')).toThrow(RangeError);
  });

  it('turns a declared factor into its percentage exactly, rounding nothing', () => {
    expect(percentOfFactor('0.02')).toBe('2.00');
    expect(percentOfFactor('0.03')).toBe('3.00');
    expect(percentOfFactor('0.035')).toBe('3.50');
    expect(percentOfFactor('0.12345')).toBe('12.345');
    expect(percentOfFactor('.005')).toBe('0.50');
    expect(percentOfFactor('1')).toBe('100.00');
    expect(percentOfFactor('0.000001')).toBe('0.0001');
    expect(() => percentOfFactor('2 %')).toThrow(RangeError);
  });
});
