/** Calendar dates as `YYYY-MM-DD`. Pure, safe in the browser. */

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** `YYYY-MM-DD` for a real calendar day, or null (2023-02-29 is not one). */
export function formatCalendarDate(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  if (y < 1900 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const XML_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T|Z$|[+-]\d{2}:\d{2}$)/;

/**
 * The day of an xs:date or xs:dateTime ("2017-05-14", "2017-05-14-05:00",
 * "2017-05-14T13:25:51"); null when it is not a real calendar day.
 */
export function xmlDateToCalendarDate(text: string): string | null {
  const match = XML_DATE.exec(text);
  if (match === null) return null;
  return formatCalendarDate(match[1]!, match[2]!, match[3]!);
}
