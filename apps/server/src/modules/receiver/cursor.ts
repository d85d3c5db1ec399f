import { AppError } from '../../errors.js';
import type { SortField } from '../documents/documents.repository.js';

/**
 * Opaque page cursors: the sort field, its value and the id of the last row
 * seen. Tampering only moves the caller within its own documents, so the
 * cursor needs no signature, just validation.
 */
export function encodeCursor(sort: SortField, value: string, id: number): string {
  return Buffer.from(JSON.stringify([sort, value, id])).toString('base64url');
}

const VALUE_FORMAT: Readonly<Record<SortField, RegExp>> = {
  fecha: /^\d{4}-\d{2}-\d{2}$/,
  total: /^\d{1,16}\.\d{2}$/,
};

export function decodeCursor(cursor: string, sort: SortField): { value: string; id: number } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (
    Array.isArray(decoded) &&
    decoded.length === 3 &&
    decoded[0] === sort &&
    typeof decoded[1] === 'string' &&
    VALUE_FORMAT[sort].test(decoded[1]) &&
    Number.isSafeInteger(decoded[2]) &&
    (decoded[2] as number) > 0
  ) {
    return { value: decoded[1], id: decoded[2] as number };
  }
  throw new AppError(
    'bad_request',
    'El cursor de página no es válido; vuelva a la primera página.',
  );
}
