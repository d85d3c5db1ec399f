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

/** Formats digits as they are typed into "dd/MM/yyyy": "2511" → "25/11". */
export function maskPeruvianDay(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
