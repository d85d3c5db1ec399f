import { describe, expect, it } from 'vitest';
import { formatAmount, formatLimaDay, formatPercent, formatQuantity } from './format';

describe('formatAmount', () => {
  it('uses en-US numbers and US dollars when nothing else is said', () => {
    expect(formatAmount(1234567.5)).toBe('US$ 1,234,567.50');
  });

  it("prints a document's amount in its own currency", () => {
    expect(formatAmount(1180, 'PEN')).toBe('S/ 1,180.00');
    expect(formatAmount('729.71', 'USD')).toBe('US$ 729.71');
    expect(formatAmount('10', 'EUR')).toBe('€ 10.00');
    expect(formatAmount('10', 'JPY')).toBe('JPY 10.00');
  });

  it('falls back to the default currency when the document names none', () => {
    expect(formatAmount(5, '')).toBe('US$ 5.00');
  });

  it('follows the locale it is given', () => {
    expect(formatAmount(1180.5, 'PEN', 'de-DE')).toBe('S/ 1.180,50');
  });
});

describe('formatQuantity', () => {
  it('drops trailing zeros', () => {
    expect(formatQuantity('1.0000000000')).toBe('1');
    expect(formatQuantity('2000')).toBe('2,000');
    expect(formatQuantity('0.125')).toBe('0.125');
  });
});

describe('formatLimaDay', () => {
  it("names the day it was in Lima, in the page's language", () => {
    expect(formatLimaDay('2024-11-21T03:00:00.000Z', 'es')).toBe('20 de noviembre de 2024');
    expect(formatLimaDay('2024-11-21T03:00:00.000Z', 'en')).toBe('20 November 2024');
  });
});

describe('formatPercent', () => {
  it('shows a declared rate without trailing zeros, and nothing when none was declared', () => {
    expect(formatPercent('12.00')).toBe('12 %');
    expect(formatPercent('1.50')).toBe('1.5 %');
    expect(formatPercent(null)).toBeNull();
  });
});
