import { xmlDateToCalendarDate } from './dates.js';
import { isDecimal } from './decimal.js';
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

/** Decimal text at `path` (amounts, quantities, percents); null when absent. */
export function decimalAt(element: XmlElement | null, path: ElementPath): string | null {
  const text = textAt(element, path);
  if (text === null || isDecimal(text)) return text;
  throw new UblError(
    'invalid_value',
    `El valor ${quoteValue(text)} de ${elementName(path)} no es un número decimal válido.`,
  );
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
