import { describe, expect, it } from 'vitest';
import { formatPeruvianDate, todayInLima, toLimaDate } from './lima-date.js';

describe('toLimaDate', () => {
  it('keeps a plain calendar day', () => {
    expect(toLimaDate('2024-11-25')).toBe('2024-11-25');
    expect(toLimaDate(' 2024-02-29 ')).toBe('2024-02-29');
  });

  it('reads a UTC timestamp as its day in Lima (UTC−5)', () => {
    // Midnight in Lima, as a browser in Lima serialises a picked date.
    expect(toLimaDate('2017-05-14T05:00:00.000Z')).toBe('2017-05-14');
    // 03:00 UTC is still the previous evening in Lima.
    expect(toLimaDate('2017-05-15T03:00:00Z')).toBe('2017-05-14');
    expect(toLimaDate('2017-05-15T04:59:59.999Z')).toBe('2017-05-14');
    expect(toLimaDate('2017-05-15T05:00:00Z')).toBe('2017-05-15');
  });

  it('honours explicit offsets', () => {
    expect(toLimaDate('2017-05-14T23:30:00-05:00')).toBe('2017-05-14');
    expect(toLimaDate('2017-05-15T01:00:00+02:00')).toBe('2017-05-14');
  });

  it('takes a timestamp without zone as Lima time', () => {
    expect(toLimaDate('2017-05-14T23:59:00')).toBe('2017-05-14');
  });

  it('rejects what is not a real date', () => {
    for (const bad of [
      '',
      '2023-02-29',
      '2024-13-01',
      '14/05/2017',
      'hoy',
      '2024-1-5',
      '2024-11-25T25:00:00Z',
    ]) {
      expect(toLimaDate(bad), bad).toBeNull();
    }
  });
});

describe('todayInLima', () => {
  it('answers the Lima day, not the UTC one', () => {
    expect(todayInLima(new Date('2026-11-22T02:00:00Z'))).toBe('2026-11-21');
    expect(todayInLima(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });
});

describe('formatPeruvianDate', () => {
  it('prints dd/MM/yyyy', () => {
    expect(formatPeruvianDate('2024-11-05')).toBe('05/11/2024');
  });
});
