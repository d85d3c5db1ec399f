import { describe, expect, it } from 'vitest';
import { formatCalendarDate, xmlDateToCalendarDate } from './dates.js';

describe('formatCalendarDate', () => {
  it('pads month and day', () => {
    expect(formatCalendarDate('2024', '1', '5')).toBe('2024-01-05');
  });

  it('knows leap years', () => {
    expect(formatCalendarDate('2024', '02', '29')).toBe('2024-02-29');
    expect(formatCalendarDate('2023', '02', '29')).toBeNull();
    expect(formatCalendarDate('1900', '02', '29')).toBeNull();
    expect(formatCalendarDate('2000', '02', '29')).toBe('2000-02-29');
  });

  it('refuses days and months that do not exist', () => {
    expect(formatCalendarDate('2024', '04', '31')).toBeNull();
    expect(formatCalendarDate('2024', '13', '01')).toBeNull();
    expect(formatCalendarDate('2024', '00', '10')).toBeNull();
    expect(formatCalendarDate('2024', '01', '00')).toBeNull();
    expect(formatCalendarDate('24', '01', '01')).toBeNull();
  });
});

describe('xmlDateToCalendarDate', () => {
  it('reads xs:date, with or without a time zone, and the day of an xs:dateTime', () => {
    expect(xmlDateToCalendarDate('2017-05-14')).toBe('2017-05-14');
    expect(xmlDateToCalendarDate('2017-05-14-05:00')).toBe('2017-05-14');
    expect(xmlDateToCalendarDate('2017-05-14Z')).toBe('2017-05-14');
    expect(xmlDateToCalendarDate('2017-05-14T13:25:51')).toBe('2017-05-14');
  });

  it('refuses other layouts', () => {
    for (const text of ['14/05/2017', '2017-5-14', '2017-05-14 13:25', '20170514', '2017-02-30']) {
      expect(xmlDateToCalendarDate(text), text).toBeNull();
    }
  });
});
