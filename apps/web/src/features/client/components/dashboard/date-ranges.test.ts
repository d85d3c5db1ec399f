import { describe, expect, it } from 'vitest';
import {
  defaultRange,
  last90Days,
  monthOf,
  nextMonth,
  previousMonth,
  thisMonth,
  wholeMonthOf,
} from './date-ranges';

describe('dashboard ranges', () => {
  it('offers this month, last month and the last 90 days', () => {
    expect(thisMonth('2024-11-26')).toEqual({ start: '2024-11-01', end: '2024-11-26' });
    expect(previousMonth('2024-11-26')).toEqual({ start: '2024-10-01', end: '2024-10-31' });
    expect(previousMonth('2024-01-15')).toEqual({ start: '2023-12-01', end: '2023-12-31' });
    expect(previousMonth('2024-03-31')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(last90Days('2024-11-26')).toEqual({ start: '2024-08-29', end: '2024-11-26' });
  });

  it('never ends a month after today', () => {
    expect(monthOf('2024-11-03', '2024-11-26')).toEqual({ start: '2024-11-01', end: '2024-11-26' });
    expect(monthOf('2023-02-10', '2024-11-26')).toEqual({ start: '2023-02-01', end: '2023-02-28' });
  });

  it('looks ahead for due dates: a whole month, the next one', () => {
    expect(wholeMonthOf('2024-11-26')).toEqual({ start: '2024-11-01', end: '2024-11-30' });
    expect(nextMonth('2024-11-26')).toEqual({ start: '2024-12-01', end: '2024-12-31' });
    expect(nextMonth('2024-12-31')).toEqual({ start: '2025-01-01', end: '2025-01-31' });
    expect(nextMonth('2024-01-31')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });

  it('opens on this month while it holds the latest document or there is none', () => {
    expect(defaultRange('2024-11-26', null)).toEqual({ start: '2024-11-01', end: '2024-11-26' });
    expect(defaultRange('2024-11-26', '2024-11-01')).toEqual({
      start: '2024-11-01',
      end: '2024-11-26',
    });
  });

  it('opens on the month of an older latest document, so the list is never empty', () => {
    expect(defaultRange('2026-11-23', '2024-11-26')).toEqual({
      start: '2024-11-01',
      end: '2024-11-30',
    });
    expect(defaultRange('2024-11-26', '2024-10-31')).toEqual({
      start: '2024-10-01',
      end: '2024-10-31',
    });
  });

  it('reaches a document dated after today', () => {
    expect(defaultRange('2024-11-26', '2024-12-02')).toEqual({
      start: '2024-11-01',
      end: '2024-12-02',
    });
  });
});
