import { describe, expect, it } from 'vitest';
import { formatAmount, formatDecimal, isZeroDecimal } from './decimal-format.js';

describe('formatAmount', () => {
  it.each([
    ['1180.00', '1,180.00'],
    ['423225', '423,225.00'],
    ['11.8', '11.80'],
    ['0', '0.00'],
    ['999.995', '1,000.00'],
    ['0.004', '0.00'],
    ['655555555560.6', '655,555,555,560.60'],
    ['  74.07 ', '74.07'],
    ['-12.345', '-12.35'],
    ['.5', '0.50'],
  ])('%s → %s', (input, printed) => {
    expect(formatAmount(input)).toBe(printed);
  });

  it('groups the thousands of a number with a hundred thousand digits', () => {
    const printed = formatAmount(`1${'0'.repeat(99_999)}`);
    expect(printed.startsWith('1,000,000,')).toBe(true);
    expect(printed.endsWith(',000.00')).toBe(true);
    expect(printed.split(',')).toHaveLength(1 + 33_333);
  });

  it('refuses text that is not a decimal number', () => {
    for (const input of ['', '.', 'abc', '1,180.00', '1e3', '12.3.4']) {
      expect(() => formatAmount(input)).toThrow(RangeError);
    }
  });
});

describe('formatDecimal', () => {
  it('trims trailing zeros down to the minimum and rounds beyond the maximum', () => {
    expect(formatDecimal('1.0000000000', 2, 4)).toBe('1.00');
    expect(formatDecimal('845.7627118644', 2, 4)).toBe('845.7627');
    expect(formatDecimal('635.5932503390', 2, 4)).toBe('635.5933');
    expect(formatDecimal('0.125', 2, 6)).toBe('0.125');
    expect(formatDecimal('12.00', 0, 2)).toBe('12');
    expect(formatDecimal('1234567.5', 0, 0)).toBe('1,234,568');
  });
});

describe('isZeroDecimal', () => {
  it('tells zero amounts from the others', () => {
    expect(['0', '0.00', '000.0', '-0.0'].map(isZeroDecimal)).toEqual([true, true, true, true]);
    expect(['0.01', '10', '', '.'].map(isZeroDecimal)).toEqual([false, false, false, false]);
  });
});
