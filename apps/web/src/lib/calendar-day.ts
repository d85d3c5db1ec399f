/**
 * Calendar days as text, without a date library: the API's "YYYY-MM-DD" and
 * the "dd/MM/yyyy" people type and read in Peru.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const PERUVIAN_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

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

/** "25/11/2024" (or 25-11-2024, 5/1/2024) → "2024-11-25"; null when it is no real day. */
export function peruvianToIsoDay(text: string): string | null {
  const match = PERUVIAN_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
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

// A whole day pasted from elsewhere: ISO (2024-11-25, maybe with a time after it)
// or day first (25-11-2024, 25.11.2024), with any separator people use.
const PASTED_ISO_DAY = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/;
const PASTED_PERUVIAN_DAY = /^(\d{1,2})[-/.\s](\d{1,2})[-/.\s](\d{4})(?:\s.*)?$/;

/**
 * A whole day in any of the ways it is written or pasted ("2024-11-25",
 * "25-11-2024", "25.11.2024", "5/1/2024", "2024-11-25T10:00:00"), as
 * "dd/MM/yyyy"; null when the text is no complete real day.
 */
export function readWrittenDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = PASTED_ISO_DAY.exec(trimmed);
  const peruvian = iso ? null : PASTED_PERUVIAN_DAY.exec(trimmed);
  const parts = iso
    ? { year: iso[1], month: iso[2], day: iso[3] }
    : peruvian
      ? { year: peruvian[3], month: peruvian[2], day: peruvian[1] }
      : null;
  if (parts === null) return null;
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  return isRealDay(year, month, day) ? `${pad(day)}/${pad(month)}/${year}` : null;
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

/** What a day field shows for the text typed or pasted into it. */
export function typeDay(text: string): string {
  return readWrittenDay(text) ?? maskPeruvianDay(text);
}
