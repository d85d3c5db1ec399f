/**
 * Calendar days as text, without a date library: the API's "YYYY-MM-DD" and
 * the "dd/MM/yyyy" people type and read in Peru.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const PERUVIAN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** A local date's calendar day, "YYYY-MM-DD". */
export function isoDayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today where the user is. */
export function todayIsoDay(now: Date = new Date()): string {
  return isoDayOf(now);
}

/** Today or before (ISO days compare as text). */
export function isNotAfterToday(isoDay: string, now: Date = new Date()): boolean {
  return isoDay <= todayIsoDay(now);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of an ISO day: whole days apart, whatever the user's clock does with summer time. */
function utcOf(isoDay: string): number {
  const [year, month, day] = isoDay.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day);
}

/** Days from one ISO day to another: negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** The ISO day `days` after (or before, when negative) another. */
export function addDays(isoDay: string, days: number): string {
  return new Date(utcOf(isoDay) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A year as written: four digits as they are; two digits ("24") the latest
 * year ending in them that is not after this one, as issue dates are never
 * in the future.
 */
function fullYear(written: string, now: Date): number {
  const year = Number(written);
  if (written.length !== 2) return year;
  const thisYear = now.getFullYear();
  const inThisCentury = thisYear - (thisYear % 100) + year;
  return inThisCentury <= thisYear ? inThisCentury : inThisCentury - 100;
}

/**
 * "25/11/2024" (or 25-11-2024, 5/1/2024, 25/11/24) → "2024-11-25"; null when
 * it is no real day.
 */
export function peruvianToIsoDay(text: string, now: Date = new Date()): string | null {
  const match = PERUVIAN_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), fullYear(match[3]!, now)];
  return isRealDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null;
}

/** "2024-11-25" → "25/11/2024"; other text is returned as it is. */
export function isoToPeruvianDay(isoDay: string): string {
  const match = ISO_DAY.exec(isoDay);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDay;
}

/** The local date of an ISO day, or null. */
export function dateOfIsoDay(isoDay: string): Date | null {
  const match = ISO_DAY.exec(isoDay);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? new Date(year, month - 1, day) : null;
}

// A whole day, written or pasted: ISO (2024-11-25, maybe with a time after it)
// or day first (25-11-2024, 25.11.2024), with any separator people use. While
// it is typed, an ISO day is whole only with two digits of day: "2024-11-2"
// may still become the 25th.
const WHOLE_ISO_DAY = /^(\d{4})[-/.](\d{1,2})[-/.](\d{2})(?:[T\s].*)?$/;
const SHORT_ISO_DAY = /^(\d{4})[-/.](\d{1,2})[-/.](\d)$/;
const DAY_FIRST = /^(\d{1,2})[-/.\s](\d{1,2})[-/.\s](\d{4})(?:\s.*)?$/;
const DAY_FIRST_SHORT_YEAR = /^(\d{1,2})[-/.\s](\d{1,2})[-/.\s](\d{2})$/;

type WrittenDay = { year: string; month: string; day: string };

function yearFirst(match: RegExpExecArray | null): WrittenDay | null {
  return match ? { year: match[1]!, month: match[2]!, day: match[3]! } : null;
}

function dayFirst(match: RegExpExecArray | null): WrittenDay | null {
  return match ? { year: match[3]!, month: match[2]!, day: match[1]! } : null;
}

function shownDay(parts: WrittenDay | null, now: Date): string | null {
  if (parts === null) return null;
  const [year, month, day] = [fullYear(parts.year, now), Number(parts.month), Number(parts.day)];
  return isRealDay(year, month, day) ? `${pad(day)}/${pad(month)}/${year}` : null;
}

/**
 * A whole day in any of the ways it is written or pasted ("2024-11-25",
 * "25-11-2024", "25.11.2024", "5/1/2024", "2024-11-25T10:00:00"), as
 * "dd/MM/yyyy"; null when the text is no complete real day yet.
 */
export function readWrittenDay(text: string): string | null {
  const trimmed = text.trim();
  return shownDay(
    yearFirst(WHOLE_ISO_DAY.exec(trimmed)) ?? dayFirst(DAY_FIRST.exec(trimmed)),
    new Date(),
  );
}

/**
 * What a day field shows once the person leaves it: also the days that could
 * still have grown while typing ("2024-11-5", "25/11/24"), as "dd/MM/yyyy";
 * other text as it is, for the form to refuse.
 */
export function finishDay(text: string, now: Date = new Date()): string {
  const trimmed = text.trim();
  const parts =
    yearFirst(WHOLE_ISO_DAY.exec(trimmed) ?? SHORT_ISO_DAY.exec(trimmed)) ??
    dayFirst(DAY_FIRST.exec(trimmed) ?? DAY_FIRST_SHORT_YEAR.exec(trimmed));
  return shownDay(parts, now) ?? text;
}

/**
 * Formats digits as they are typed into "dd/MM/yyyy": "2511" → "25/11". A
 * separator typed after a single digit pads it: "5/" → "05/".
 */
export function maskPeruvianDay(text: string): string {
  const padded = text
    .replace(/^(\d)(?=[/.\-\s])/, '0$1')
    .replace(/^(\d{2}[/.\-\s])(\d)(?=[/.\-\s])/, '$10$2');
  const digits = padded.replace(/\D/g, '').slice(0, 8);
  const separatorTyped = /^\d{1,2}[/.\-\s]$|^\d{2}[/.\-\s]\d{1,2}[/.\-\s]$/.test(padded);
  const masked =
    digits.length <= 2
      ? digits
      : digits.length <= 4
        ? `${digits.slice(0, 2)}/${digits.slice(2)}`
        : `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
  return separatorTyped && (digits.length === 2 || digits.length === 4) ? `${masked}/` : masked;
}

/**
 * Digits typed year first ("2024", "2024-11-2"), masked as "yyyy-MM-dd"; null
 * when they read as a day first. Four digits are a year when they start with
 * 19 or 20 and cannot be a day and a month ("2024": there is no month 24), so
 * "2012" stays the 20th of December.
 */
export function maskIsoDay(text: string): string | null {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  const month = Number(digits.slice(2, 4));
  if (digits.length < 4 || !/^(19|20)/.test(digits) || (month >= 1 && month <= 12)) return null;
  const parts = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6)].filter(Boolean);
  const separatorTyped = /[-/.\s]$/.test(text) && (digits.length === 4 || digits.length === 6);
  return parts.join('-') + (separatorTyped ? '-' : '');
}

/** What a day field shows for the text typed or pasted into it. */
export function typeDay(text: string): string {
  const yearFirst = maskIsoDay(text);
  return (
    readWrittenDay(text) ??
    (yearFirst === null ? maskPeruvianDay(text) : (readWrittenDay(yearFirst) ?? yearFirst))
  );
}
