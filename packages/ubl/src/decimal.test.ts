import { describe, expect, it } from 'vitest';
import { addDecimals, isDecimal, isZeroDecimal, toTwoDecimals } from './decimal.js';

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

  it('refuses to compute with text that is not a decimal', () => {
    expect(() => addDecimals('1', 'x')).toThrow(RangeError);
    expect(() => toTwoDecimals('1,5')).toThrow(RangeError);
  });
});
