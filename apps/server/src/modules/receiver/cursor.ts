import { toLimaDate } from '@sufel/contract';
import { AppError } from '../../errors.js';
import type { SortField, SortKey } from './receiver-documents.repository.js';

/**
 * Opaque page cursors: the sort field, its values and the id of the last row
 * seen. Tampering only moves the caller within its own documents, so the
 * cursor needs no signature, just validation.
 */
export function encodeCursor(sort: SortField, values: SortKey, id: number): string {
  return Buffer.from(JSON.stringify([sort, values, id])).toString('base64url');
}

const text = (pattern: RegExp) => (value: unknown) =>
  typeof value === 'string' && pattern.test(value);
/** Document ids and numbers are PostgreSQL integers. */
const MAX_INTEGER = 2_147_483_647;
const positiveInteger = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= MAX_INTEGER;

const day = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && toLimaDate(value) === value;

/** What each sort value must be to fit its column (a real day, a NUMERIC(18, 2)…), one check per column of the sort. */
const VALUE_FORMAT: Readonly<Record<SortField, readonly ((value: unknown) => boolean)[]>> = {
  fecha: [day],
  total: [text(/^\d{1,16}\.\d{2}$/)],
  emisor: [(value) => typeof value === 'string' && value.length <= 500],
  tipo: [text(/^\d{2}$/), day],
  numero: [text(/^[A-Z0-9]{1,4}$/), positiveInteger],
};

export function decodeCursor(cursor: string, sort: SortField): { values: SortKey; id: number } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const checks = VALUE_FORMAT[sort];
  if (
    Array.isArray(decoded) &&
    decoded.length === 3 &&
    decoded[0] === sort &&
    Array.isArray(decoded[1]) &&
    decoded[1].length === checks.length &&
    checks.every((check, index) => check((decoded as unknown[][])[1]![index])) &&
    positiveInteger(decoded[2])
  ) {
    return { values: decoded[1] as SortKey, id: decoded[2] as number };
  }
  throw new AppError('bad_request', 'invalidCursor');
}
