import { quoteValue, UblError } from './errors.js';
import { isValidSeries, parseSeriesNumber } from './identifiers.js';
import { dateAt, missingField, requiredTextAt } from './read-values.js';
import type { UblVersion } from './types.js';
import { textAt } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/** What every document states first: its UBL version, number and date. */

const UBL_VERSIONS: readonly UblVersion[] = ['2.0', '2.1'];
const TIME = /^(\d{2}):(\d{2}):(\d{2})/;

export function invalid(message: string): UblError {
  return new UblError('invalid_value', message);
}

export function readVersion(root: XmlElement): UblVersion {
  const version = requiredTextAt(
    root,
    'cbc:UBLVersionID',
    'Falta la versión UBL (cbc:UBLVersionID).',
  );
  const known = UBL_VERSIONS.find((candidate) => candidate === version);
  if (known === undefined) {
    throw invalid(`La versión UBL ${quoteValue(version)} no está admitida: use 2.1 o 2.0.`);
  }
  return known;
}

export interface DocumentId {
  /** cbc:ID as written, trimmed. */
  id: string;
  series: string;
  number: string;
}

export function readId(root: XmlElement): DocumentId {
  const id = requiredTextAt(root, 'cbc:ID', 'Falta el número del comprobante (cbc:ID).');
  const parsed = parseSeriesNumber(id);
  if (parsed === null || !isValidSeries(parsed.series)) {
    throw invalid(
      `El número de comprobante ${quoteValue(id)} no tiene la forma serie-correlativo (por ejemplo F001-123).`,
    );
  }
  return { id, ...parsed };
}

export function readIssueDate(root: XmlElement): string {
  const date = dateAt(root, 'cbc:IssueDate');
  if (date === null) throw missingField('Falta la fecha de emisión (cbc:IssueDate).');
  return date;
}

export function readIssueTime(root: XmlElement): string | null {
  const time = textAt(root, 'cbc:IssueTime');
  if (time === null) return null;
  const match = TIME.exec(time);
  if (match === null || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3]) > 59) {
    throw invalid(`La hora de emisión ${quoteValue(time)} no es válida: use el formato HH:MM:SS.`);
  }
  return `${match[1]}:${match[2]}:${match[3]}`;
}

const CURRENCY = /^[A-Z]{3}$/;

/** An ISO 4217 code as read, or why it is not one. */
export function checkedCurrency(currency: string): string {
  if (!CURRENCY.test(currency)) {
    throw invalid(`La moneda ${quoteValue(currency)} no es un código ISO 4217 (por ejemplo PEN).`);
  }
  return currency;
}
