import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words.js';

describe('integerInWords', () => {
  it.each([
    [0n, 'CERO'],
    [1n, 'UNO'],
    [16n, 'DIECISÉIS'],
    [21n, 'VEINTIUNO'],
    [30n, 'TREINTA'],
    [45n, 'CUARENTA Y CINCO'],
    [100n, 'CIEN'],
    [101n, 'CIENTO UNO'],
    [180n, 'CIENTO OCHENTA'],
    [555n, 'QUINIENTOS CINCUENTA Y CINCO'],
    [1000n, 'MIL'],
    [1180n, 'MIL CIENTO OCHENTA'],
    [21000n, 'VEINTIÚN MIL'],
    [31001n, 'TREINTA Y UN MIL UNO'],
    [100000n, 'CIEN MIL'],
    [423225n, 'CUATROCIENTOS VEINTITRÉS MIL DOSCIENTOS VEINTICINCO'],
    [1000000n, 'UN MILLÓN'],
    [2500000n, 'DOS MILLONES QUINIENTOS MIL'],
    [1000000000n, 'MIL MILLONES'],
    [
      655555555560n,
      'SEISCIENTOS CINCUENTA Y CINCO MIL QUINIENTOS CINCUENTA Y CINCO MILLONES QUINIENTOS CINCUENTA Y CINCO MIL QUINIENTOS SESENTA',
    ],
    [1000000000000n, 'UN BILLÓN'],
  ])('%s → %s', (value, words) => {
    expect(integerInWords(value)).toBe(words);
  });

  it('refuses what it cannot say', () => {
    expect(() => integerInWords(-1n)).toThrow(RangeError);
    expect(() => integerInWords(10n ** 18n)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it('prints the legend of a Peruvian invoice', () => {
    expect(amountInWords('1180.00', 'PEN')).toBe('MIL CIENTO OCHENTA CON 00/100 SOLES');
    expect(amountInWords('729.71', 'USD')).toBe(
      'SETECIENTOS VEINTINUEVE CON 71/100 DÓLARES AMERICANOS',
    );
    expect(amountInWords('11.5', 'PEN')).toBe('ONCE CON 50/100 SOLES');
    expect(amountInWords('0.00', 'EUR')).toBe('CERO CON 00/100 EUROS');
  });

  it('names an unknown currency by its code', () => {
    expect(amountInWords('1', 'CLP')).toBe('UNO CON 00/100 CLP');
  });

  it('refuses text that is not an amount', () => {
    expect(() => amountInWords('1.234', 'PEN')).toThrow(RangeError);
  });
});
