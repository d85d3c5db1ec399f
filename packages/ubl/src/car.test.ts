import { describe, expect, it } from 'vitest';
import { CAR_LENGTH, carOf, isCar } from './car.js';

describe('CAR', () => {
  it("builds SUNAT's real examples from a 2025-12 proposal", () => {
    expect(carOf({ issuerRuc: '20526422300', type: '01', series: 'F001', number: '100286' })).toBe(
      '2052642230001F0010000100286',
    );
    expect(
      carOf({ issuerRuc: '20100047218', type: '01', series: 'FI01', number: '17682247' }),
    ).toBe('2010004721801FI010017682247');
    expect(carOf({ issuerRuc: '20602238343', type: '01', series: 'E001', number: '15933' })).toBe(
      '2060223834301E0010000015933',
    );
    expect(carOf({ issuerRuc: '20606901365', type: '07', series: 'FN04', number: 239 })).toBe(
      '2060690136507FN040000000239',
    );
  });

  it('pads every short part with zeros on the left', () => {
    expect(carOf({ issuerRuc: '12345678', type: '1', series: 'F1', number: '7' })).toBe(
      '000123456780100F10000000007',
    );
  });

  it('turns an empty part into zeros', () => {
    expect(carOf({ issuerRuc: '20526422300', type: '50', series: '', number: '' })).toBe(
      '205264223005000000000000000',
    );
  });

  it('keeps the rightmost characters of a part longer than its slot', () => {
    expect(
      carOf({
        issuerRuc: '0020526422300',
        type: '001',
        series: 'XF001',
        number: '123450000100286',
      }),
    ).toBe('2052642230001F0010000100286');
  });

  it('reads a printed number and a stored one alike', () => {
    const printed = carOf({
      issuerRuc: '20526422300',
      type: '01',
      series: 'F001',
      number: '00100286',
    });
    const stored = carOf({ issuerRuc: '20526422300', type: '01', series: 'F001', number: 100286 });
    expect(printed).toBe(stored);
  });

  it('trims and upper-cases what it is given', () => {
    expect(
      carOf({ issuerRuc: ' 20526422300 ', type: '01', series: 'f001 ', number: ' 100286' }),
    ).toBe('2052642230001F0010000100286');
  });

  it('always has 27 characters', () => {
    for (const number of ['', '1', '12345678', '1234567890', '123456789012']) {
      expect(carOf({ issuerRuc: '20526422300', type: '01', series: 'F001', number })).toHaveLength(
        CAR_LENGTH,
      );
    }
  });

  it('recognises the shape of a CAR', () => {
    expect(isCar('2052642230001F0010000100286')).toBe(true);
    expect(isCar('2052642230001F001000010028')).toBe(false);
    expect(isCar('2052642230001f0010000100286')).toBe(false);
    expect(isCar('2052642230001F00100001002-6')).toBe(false);
  });
});
