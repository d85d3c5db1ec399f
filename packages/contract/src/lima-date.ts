/**
 * Calendar days as SUNAT sees them: in America/Lima. Peru has kept UTC−5 without
 * daylight saving since 1994, so a fixed offset is exact for every date a
 * document can carry.
 */
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function formatUtcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Reads `YYYY-MM-DD` or an ISO timestamp (what browsers send for a `Date`) and
 * answers the calendar day in Lima, or null when the text is not a date.
 * A timestamp without a zone is taken as Lima local time.
 */
export function toLimaDate(input: string): string | null {
  const text = input.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    return isRealDate(Number(y), Number(m), Number(d)) ? text : null;
  }
  const stamp = TIMESTAMP.exec(text);
  if (!stamp) return null;
  const [, y, m, d, hh, mm, ss, zone] = stamp;
  if (!isRealDate(Number(y), Number(m), Number(d))) return null;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return null;
  if (!zone) return `${y}-${m}-${d}`;
  const instant = Date.parse(text.replace(' ', 'T'));
  if (Number.isNaN(instant)) return null;
  return formatUtcDay(new Date(instant + LIMA_OFFSET_MS));
}

/** Today's calendar day in Lima. */
export function todayInLima(now: Date = new Date()): string {
  return formatUtcDay(new Date(now.getTime() + LIMA_OFFSET_MS));
}

/** `YYYY-MM-DD` → `dd/MM/yyyy`, the way dates are printed in Peru. */
export function formatPeruvianDate(isoDate: string): string {
  const match = DATE_ONLY.exec(isoDate);
  if (!match) return isoDate;
  const [, y, m, d] = match;
  return `${d}/${m}/${y}`;
}
