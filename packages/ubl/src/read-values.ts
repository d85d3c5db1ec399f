import { xmlDateToCalendarDate } from './dates.js';
import { canonicalDecimal, isDecimal } from './decimal.js';
import { quoteValue, UblError } from './errors.js';
import { textAt, type ElementPath } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/** "cac:LegalMonetaryTotal/cbc:PayableAmount" → "cbc:PayableAmount", for messages. */
function elementName(path: ElementPath): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function missingField(message: string): UblError {
  return new UblError('missing_field', message);
}

/** The text at `path`; fails with `missingMessage` when it is absent or blank. */
export function requiredTextAt(
  element: XmlElement | null,
  path: ElementPath,
  missingMessage: string,
): string {
  const text = textAt(element, path);
  if (text === null) throw missingField(missingMessage);
  return text;
}

/**
 * SUNAT's widest numeric format is 12 integer and 10 decimal digits; a longer
 * value is no amount, and computing with one of megabytes would stall the reader.
 */
const DECIMAL_MAX_LENGTH = 64;

function tooLong(text: string, path: ElementPath): UblError | null {
  if (text.length <= DECIMAL_MAX_LENGTH) return null;
  return new UblError(
    'invalid_value',
    `El valor ${quoteValue(text)} de ${elementName(path)} tiene más de ${DECIMAL_MAX_LENGTH} caracteres: no es un importe.`,
  );
}

function notADecimal(text: string, path: ElementPath): UblError {
  return new UblError(
    'invalid_value',
    `El valor ${quoteValue(text)} de ${elementName(path)} no es un número decimal válido.`,
  );
}

/**
 * Decimal text at `path` (amounts, quantities, percents), in canonical form;
 * null when absent. It may be negative: SUNAT accepts negative line, tax,
 * allowance and rounding amounts.
 */
export function decimalAt(element: XmlElement | null, path: ElementPath): string | null {
  const text = textAt(element, path);
  if (text === null) return null;
  const error = tooLong(text, path);
  if (error !== null) throw error;
  const decimal = canonicalDecimal(text);
  if (decimal === null) throw notADecimal(text, path);
  return decimal;
}

/**
 * Decimal text at `path` in canonical form; null when absent or not a number.
 * For facts read since documents were first stored: reading them again must
 * never refuse a document the portal already holds.
 */
export function declaredDecimalAt(element: XmlElement | null, path: ElementPath): string | null {
  const text = textAt(element, path);
  if (text === null || text.length > DECIMAL_MAX_LENGTH) return null;
  return canonicalDecimal(text);
}

export function requiredDecimalAt(
  element: XmlElement | null,
  path: ElementPath,
  missingMessage: string,
): string {
  const value = decimalAt(element, path);
  if (value === null) throw missingField(missingMessage);
  return value;
}

/**
 * A non-negative amount written plainly ("1180.00"), as a consultation key
 * must be: the payable total is typed by people and compared to the cent.
 */
export function requiredAmountAt(
  element: XmlElement | null,
  path: ElementPath,
  missingMessage: string,
): string {
  const text = textAt(element, path);
  if (text === null) throw missingField(missingMessage);
  const error = tooLong(text, path);
  if (error !== null) throw error;
  if (isDecimal(text)) return text;
  if (canonicalDecimal(text)?.startsWith('-')) {
    throw new UblError(
      'invalid_value',
      `El valor ${quoteValue(text)} de ${elementName(path)} no puede ser negativo.`,
    );
  }
  throw notADecimal(text, path);
}

/** A calendar date (`YYYY-MM-DD`) at `path`; null when absent. */
export function dateAt(element: XmlElement | null, path: ElementPath): string | null {
  const text = textAt(element, path);
  if (text === null) return null;
  const date = xmlDateToCalendarDate(text);
  if (date !== null) return date;
  throw new UblError(
    'invalid_value',
    `La fecha ${quoteValue(text)} de ${elementName(path)} no es válida: use el formato AAAA-MM-DD.`,
  );
}
