import { describe, expect, it } from 'vitest';
import {
  isValidDni,
  isValidRuc,
  isValidSeries,
  normalizeNumber,
  normalizeSeries,
  parseSeriesNumber,
  printedNumberOf,
  rucCheckDigit,
} from './identifiers.js';

describe('RUC', () => {
  it('accepts real RUCs', () => {
    for (const ruc of ['20606433094', '20415932376', '20100070970', '20600055519', '20000000001']) {
      expect(isValidRuc(ruc), ruc).toBe(true);
    }
  });

  it('rejects a wrong check digit, length or prefix', () => {
    // 20100454523 is SUNAT's manual example: its check digit does not hold.
    for (const ruc of [
      '20100454523',
      '20606433095',
      '2060643309',
      '206064330940',
      '12345678912',
      'XXXXXXXXXXX',
      '',
    ]) {
      expect(isValidRuc(ruc), ruc).toBe(false);
    }
  });

  it('maps 10 to 0 and 11 to 1', () => {
    // Σ = 10 → 11 − 10 = 1
    expect(rucCheckDigit('2000000000')).toBe(1);
    // Σ = 89 → 11 − 1 = 10 → 0
    expect(rucCheckDigit('2010007097')).toBe(0);
    expect(rucCheckDigit('2060643309')).toBe(4);
  });

  it('needs ten digits to compute', () => {
    expect(() => rucCheckDigit('123')).toThrow(RangeError);
  });
});

describe('DNI', () => {
  it('is eight digits', () => {
    expect(isValidDni('46237547')).toBe(true);
    expect(isValidDni('4623754')).toBe(false);
    expect(isValidDni('4623754a')).toBe(false);
  });
});

describe('series and numbers', () => {
  it('upper-cases series', () => {
    expect(normalizeSeries(' f001 ')).toBe('F001');
    expect(isValidSeries('eb01')).toBe(true);
    expect(isValidSeries('0001')).toBe(true);
    expect(isValidSeries('F01')).toBe(false);
  });

  it('drops leading zeros and bounds numbers to eight digits', () => {
    expect(normalizeNumber('00000123')).toBe('123');
    expect(normalizeNumber(4355)).toBe('4355');
    expect(normalizeNumber('0')).toBeNull();
    expect(normalizeNumber('123456789')).toBeNull();
    expect(normalizeNumber('12a')).toBeNull();
  });

  it('parses series-number leniently', () => {
    expect(parseSeriesNumber('f001 - 00000123')).toEqual({ series: 'F001', number: '123' });
    expect(parseSeriesNumber('F001-123')).toEqual(parseSeriesNumber('F001-00000123'));
    expect(parseSeriesNumber('F001123')).toBeNull();
  });
});

describe('printedNumberOf', () => {
  it('keeps the zeros the issuer printed', () => {
    expect(printedNumberOf('FB99-00230')).toBe('00230');
    expect(printedNumberOf('f001 - 7 ')).toBe('7');
    expect(printedNumberOf('F001-0')).toBeNull();
    expect(printedNumberOf('230')).toBeNull();
  });
});
