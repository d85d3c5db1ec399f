import { describe, expect, it } from 'vitest';
import { currencyName, currencySymbol } from './currency.js';

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
});
