import { API_MESSAGES, type ApiMessageKey } from '@sufel/contract';

export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_many_attempts'
  | 'payload_too_large'
  | 'unavailable';

const STATUS: Readonly<Record<AppErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  too_many_attempts: 429,
  unavailable: 503,
};

/**
 * An expected failure: its message is safe to show and answers as
 * `{ message }` with the status of its code.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Machine-readable fields sent beside the message (see AttemptErrorSchema). */
    readonly details: Readonly<Record<string, unknown>> = {},
    /** What the log line of a 5xx answer adds (document id, reason); never sent. */
    readonly logFields: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }

  static of(code: AppErrorCode, key: ApiMessageKey): AppError {
    return new AppError(code, API_MESSAGES[key]);
  }
}
