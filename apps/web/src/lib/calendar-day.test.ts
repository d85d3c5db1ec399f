import { describe, expect, it } from 'vitest';
import {
  dateOfIsoDay,
  isNotAfterToday,
  isoDayOf,
  isoToPeruvianDay,
  maskPeruvianDay,
  peruvianToIsoDay,
  todayIsoDay,
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

  it('reads days as typed in Peru', () => {
    expect(peruvianToIsoDay('25/11/2024')).toBe('2024-11-25');
    expect(peruvianToIsoDay(' 5-1-2024 ')).toBe('2024-01-05');
    expect(peruvianToIsoDay('31/02/2024')).toBeNull();
    expect(peruvianToIsoDay('2024-11-25')).toBeNull();
    expect(peruvianToIsoDay('25/11')).toBeNull();
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
});
