import { API_MESSAGES, type ApiMessageKey } from '@sufel/contract';

export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_attempts'
  | 'payload_too_large';

const STATUS: Readonly<Record<AppErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_attempts: 429,
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
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
  }

  static of(code: AppErrorCode, key: ApiMessageKey): AppError {
    return new AppError(code, API_MESSAGES[key]);
  }
}
