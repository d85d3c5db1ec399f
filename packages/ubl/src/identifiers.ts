/**
 * Identifier rules of SUNAT: RUC check digit, DNI, series and numbers.
 * Pure functions, safe to use in the browser.
 */

const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Check digit of a RUC from its first ten digits (10 → 0, 11 → 1). */
export function rucCheckDigit(firstTen: string): number {
  if (!/^\d{10}$/.test(firstTen)) throw new RangeError('A RUC check digit needs ten digits');
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(firstTen[i]) * RUC_WEIGHTS[i]!;
  const digit = 11 - (sum % 11);
  return digit === 10 ? 0 : digit === 11 ? 1 : digit;
}

/** Eleven digits, a known taxpayer prefix (10, 15, 16, 17, 20) and a right check digit. */
export function isValidRuc(ruc: string): boolean {
  if (!/^(10|15|16|17|20)\d{9}$/.test(ruc)) return false;
  return rucCheckDigit(ruc.slice(0, 10)) === Number(ruc[10]);
}

/** DNI: eight digits. */
export function isValidDni(dni: string): boolean {
  return /^\d{8}$/.test(dni);
}

/** Series as stored and compared: trimmed and upper-cased ("f001" → "F001"). */
export function normalizeSeries(series: string): string {
  return series.trim().toUpperCase();
}

/** Four alphanumerics: F001, B001, E001, EB01, FC01, or a 4-digit contingency series. */
export function isValidSeries(series: string): boolean {
  return /^[A-Z0-9]{4}$/.test(normalizeSeries(series));
}

/**
 * Number part without leading zeros ("00000123" → "123"); null unless it is
 * 1–8 digits once the zeros are gone, as SUNAT allows.
 */
export function normalizeNumber(number: string | number): string | null {
  const text = String(number).trim();
  if (!/^\d+$/.test(text)) return null;
  const canonical = text.replace(/^0+(?=\d)/, '');
  if (canonical === '0' || canonical.length > 8) return null;
  return canonical;
}

/**
 * "00000123" from "F001-00000123": the number part as the issuer printed it,
 * leading zeros kept; null when the text is not a series-number.
 */
export function printedNumberOf(seriesNumber: string): string | null {
  return parseSeriesNumber(seriesNumber) === null ? null : /(\d+)\s*$/.exec(seriesNumber)![1]!;
}

export interface SeriesNumber {
  series: string;
  number: string;
}

/** "f001 - 00000123" → { series: "F001", number: "123" }; null when it is not one. */
export function parseSeriesNumber(text: string): SeriesNumber | null {
  const match = /^\s*([A-Za-z0-9]{1,4})\s*-\s*(\d{1,10})\s*$/.exec(text);
  if (!match) return null;
  const number = normalizeNumber(match[2]!);
  if (number === null) return null;
  return { series: normalizeSeries(match[1]!), number };
}
