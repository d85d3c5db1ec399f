import { describe, expect, it } from 'vitest';
import { currencyName, currencySymbol, formatMoney } from './currency.js';

describe('currency', () => {
  it('abbreviates soles, dollars and euros as Peruvian documents do', () => {
    expect(['PEN', 'USD', 'EUR', 'pen'].map(currencySymbol)).toEqual(['S/', 'US$', '€', 'S/']);
  });

  it('names them in words', () => {
    expect(['PEN', 'USD', 'EUR'].map(currencyName)).toEqual([
      'SOLES',
      'DÓLARES AMERICANOS',
      'EUROS',
    ]);
  });

  it('falls back to the ISO code for other currencies', () => {
    expect(currencySymbol('CLP')).toBe('CLP');
    expect(currencyName('jpy')).toBe('JPY');
  });

  it('writes an amount with its symbol and thousands, as the portal shows it', () => {
    expect(formatMoney('1234567.89', 'PEN')).toBe('S/ 1,234,567.89');
    expect(formatMoney('1180', 'usd')).toBe('US$ 1,180.00');
    expect(formatMoney('5.5', 'CLP')).toBe('CLP 5.50');
  });
});
