/**
 * The client area's ranges, on ISO days ("YYYY-MM-DD"): the quick choices and
 * the ones its lists open with. Issue dates look back and end today; due dates
 * ("Por pagar") also look ahead.
 */
export interface DayRange {
  start: string;
  end: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

function day(year: number, month: number, date: number): string {
  const utc = new Date(Date.UTC(year, month - 1, date));
  return `${utc.getUTCFullYear()}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
}

function parts(isoDay: string): [number, number, number] {
  const [year, month, date] = isoDay.split('-').map(Number);
  return [year!, month!, date!];
}

/** The first of the month to today. */
export function thisMonth(today: string): DayRange {
  const [year, month] = parts(today);
  return { start: day(year, month, 1), end: today };
}

/** The whole month a day falls in, from its first day to its last. */
export function wholeMonthOf(isoDay: string): DayRange {
  const [year, month] = parts(isoDay);
  return { start: day(year, month, 1), end: day(year, month + 1, 0) };
}

/** The whole month a day falls in, never past today. */
export function monthOf(isoDay: string, today: string): DayRange {
  const whole = wholeMonthOf(isoDay);
  return { start: whole.start, end: whole.end < today ? whole.end : today };
}

/** The month after today's, whole. */
export function nextMonth(today: string): DayRange {
  const [year, month] = parts(today);
  return wholeMonthOf(day(year, month + 1, 1));
}

export function previousMonth(today: string): DayRange {
  const [year, month] = parts(today);
  return monthOf(day(year, month - 1, 1), today);
}

/** The first of January to today. */
export function thisYear(today: string): DayRange {
  const [year] = parts(today);
  return { start: day(year, 1, 1), end: today };
}

/** Last year, whole. */
export function previousYear(today: string): DayRange {
  const [year] = parts(today);
  return { start: day(year - 1, 1, 1), end: day(year - 1, 12, 31) };
}

/** Today and the 89 days before it. */
export function last90Days(today: string): DayRange {
  const [year, month, date] = parts(today);
  return { start: day(year, month, date - 89), end: today };
}

/**
 * This month while it holds the latest document (or there is none yet);
 * otherwise the month of the latest document, so the list never opens empty.
 */
export function defaultRange(today: string, latest: string | null): DayRange {
  const current = thisMonth(today);
  if (latest !== null && latest > today) return { start: current.start, end: latest };
  if (latest === null || latest >= current.start) return current;
  return monthOf(latest, today);
}

export const QUICK_RANGES = {
  thisMonth,
  previousMonth,
  last90Days,
} as const satisfies Record<string, (today: string) => DayRange>;
export type QuickRange = keyof typeof QUICK_RANGES;

/** Due dates: last month's (overdue by now), this month's and next month's, each whole. */
export const DUE_RANGES = {
  previousMonth,
  wholeMonth: wholeMonthOf,
  nextMonth,
} as const satisfies Record<string, (today: string) => DayRange>;
export type DueRange = keyof typeof DUE_RANGES;
