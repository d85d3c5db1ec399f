import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateOfIsoDay,
  daysBetween,
  finishDay,
  isNotAfterToday,
  isoDayOf,
  isoToPeruvianDay,
  maskIsoDay,
  maskPeruvianDay,
  peruvianToIsoDay,
  readWrittenDay,
  todayIsoDay,
  typeDay,
} from './calendar-day';

describe('calendar days', () => {
  const now = new Date(2024, 10, 26, 23, 30);

  it("takes today's day from the local clock", () => {
    expect(todayIsoDay(now)).toBe('2024-11-26');
    expect(isoDayOf(new Date(2024, 0, 5))).toBe('2024-01-05');
  });

  it('accepts today and earlier days, not tomorrow', () => {
    expect(isNotAfterToday('2024-11-26', now)).toBe(true);
    expect(isNotAfterToday('2023-12-31', now)).toBe(true);
    expect(isNotAfterToday('2024-11-27', now)).toBe(false);
  });

  it('counts whole days between two days, across months and years', () => {
    expect(daysBetween('2024-11-26', '2024-11-29')).toBe(3);
    expect(daysBetween('2024-11-26', '2024-11-23')).toBe(-3);
    expect(daysBetween('2024-12-30', '2025-01-02')).toBe(3);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(addDays('2024-12-30', 6)).toBe('2025-01-05');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('reads days as typed in Peru', () => {
    expect(peruvianToIsoDay('25/11/2024')).toBe('2024-11-25');
    expect(peruvianToIsoDay(' 5-1-2024 ')).toBe('2024-01-05');
    expect(peruvianToIsoDay('31/02/2024')).toBeNull();
    expect(peruvianToIsoDay('2024-11-25')).toBeNull();
    expect(peruvianToIsoDay('25/11')).toBeNull();
  });

  it('reads a two-digit year as the latest one not after this year', () => {
    expect(peruvianToIsoDay('25/11/24', now)).toBe('2024-11-25');
    expect(peruvianToIsoDay('01/01/99', now)).toBe('1999-01-01');
    expect(peruvianToIsoDay('25/11/2', now)).toBeNull();
  });

  it('prints ISO days the Peruvian way', () => {
    expect(isoToPeruvianDay('2024-11-25')).toBe('25/11/2024');
    expect(isoToPeruvianDay('ayer')).toBe('ayer');
  });

  it('turns ISO days into local dates', () => {
    expect(dateOfIsoDay('2024-02-29')).toEqual(new Date(2024, 1, 29));
    expect(dateOfIsoDay('2023-02-29')).toBeNull();
  });

  it('adds the slashes while digits are typed', () => {
    expect(maskPeruvianDay('2')).toBe('2');
    expect(maskPeruvianDay('2511')).toBe('25/11');
    expect(maskPeruvianDay('25112024')).toBe('25/11/2024');
    expect(maskPeruvianDay('25/11/20249')).toBe('25/11/2024');
    expect(maskPeruvianDay('ab25')).toBe('25');
  });

  it('pads a day or month typed with one digit before its separator', () => {
    expect(maskPeruvianDay('5/')).toBe('05/');
    expect(maskPeruvianDay('05/1/')).toBe('05/01/');
    expect(maskPeruvianDay('25/')).toBe('25/');
    expect(maskPeruvianDay('25/11')).toBe('25/11');
  });

  it('reads whole days however they are written or pasted', () => {
    expect(readWrittenDay('2024-11-25')).toBe('25/11/2024');
    expect(readWrittenDay(' 2024/11/25 ')).toBe('25/11/2024');
    expect(readWrittenDay('2024-11-25T10:30:00-05:00')).toBe('25/11/2024');
    expect(readWrittenDay('25-11-2024')).toBe('25/11/2024');
    expect(readWrittenDay('25.11.2024')).toBe('25/11/2024');
    expect(readWrittenDay('5/1/2024')).toBe('05/01/2024');
    expect(readWrittenDay('25/11/2024 10:30')).toBe('25/11/2024');
    expect(readWrittenDay('2024-02-30')).toBeNull();
    expect(readWrittenDay('25/11')).toBeNull();
    expect(readWrittenDay('25112024')).toBeNull();
    // A day typed year first is whole only with its two digits of day.
    expect(readWrittenDay('2024-11-2')).toBeNull();
  });

  it('masks digits typed year first as yyyy-mm-dd, and keeps a day first otherwise', () => {
    expect(maskIsoDay('2024')).toBe('2024');
    expect(maskIsoDay('2024-')).toBe('2024-');
    expect(maskIsoDay('2024-1')).toBe('2024-1');
    expect(maskIsoDay('2024-11-')).toBe('2024-11-');
    expect(maskIsoDay('202411')).toBe('2024-11');
    expect(maskIsoDay('2024-11-2')).toBe('2024-11-2');
    expect(maskIsoDay('20/24')).toBe('2024');
    expect(maskIsoDay('202')).toBeNull();
    expect(maskIsoDay('2511')).toBeNull();
    // 20/12 is a day and a month.
    expect(maskIsoDay('2012')).toBeNull();
  });

  it('completes on leaving the field what could still have grown while typing', () => {
    expect(finishDay('25/11/24', now)).toBe('25/11/2024');
    expect(finishDay('2024-11-5', now)).toBe('05/11/2024');
    expect(finishDay('5/1/24', now)).toBe('05/01/2024');
    expect(finishDay('25/11/2024', now)).toBe('25/11/2024');
    expect(finishDay('25/11', now)).toBe('25/11');
    expect(finishDay('31/02/24', now)).toBe('31/02/24');
  });

  it('shows a pasted day in the field as dd/mm/aaaa and masks typed digits', () => {
    expect(typeDay('2024-11-25')).toBe('25/11/2024');
    expect(typeDay('25-11-2024')).toBe('25/11/2024');
    expect(typeDay('25112024')).toBe('25/11/2024');
    expect(typeDay('2511')).toBe('25/11');
  });

  it('shows each keystroke of a day typed year first, and the day once it is whole', () => {
    let shown = '';
    const seen: string[] = [];
    for (const key of '2024-11-25') {
      shown = typeDay(shown + key);
      seen.push(shown);
    }
    expect(seen).toEqual([
      '2',
      '20',
      '20/2',
      '2024',
      '2024-',
      '2024-1',
      '2024-11',
      '2024-11-',
      '2024-11-2',
      '25/11/2024',
    ]);
    expect(typeDay('20241125')).toBe('25/11/2024');
  });
});
