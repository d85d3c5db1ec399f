import type { UblErrorCode } from './types.js';

/**
 * Why a file could not be read as a SUNAT document. `message` is Spanish and
 * meant for the publisher: it says what is wrong and, where it helps, where.
 */
export class UblError extends Error {
  readonly code: UblErrorCode;

  constructor(code: UblErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UblError';
    this.code = code;
  }
}

const QUOTED_MAX_LENGTH = 40;

/**
 * A value from the file as it may appear inside a message: control
 * characters removed and long values cut, so a hostile file cannot flood logs
 * or screens through an error message.
 */
export function quoteValue(value: string): string {
  // Cut before cleaning, so a value of megabytes costs no more than a short one.
  const cut = value.length > QUOTED_MAX_LENGTH ? `${value.slice(0, QUOTED_MAX_LENGTH)}…` : value;
  // eslint-disable-next-line no-control-regex
  return `'${cut.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')}'`;
}

/** "10 MB", "512 KB": how a size limit reads in a message. */
export function formatSize(bytes: number): string {
  const mebibyte = 1024 * 1024;
  if (bytes >= mebibyte && bytes % mebibyte === 0) return `${bytes / mebibyte} MB`;
  if (bytes >= 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
