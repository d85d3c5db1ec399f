import {
  API_MESSAGES,
  formatMessage,
  type ApiMessageKey,
  type MessageParams,
  type PlainMessageKey,
} from '@sufel/contract';

/** What kind of failure an error is: it decides the answer's status. */
export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_many_attempts'
  | 'payload_too_large'
  | 'unavailable';

const STATUS: Readonly<Record<AppErrorKind, number>> = {
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

/** A catalogue message with its values filled in, under its key. */
export interface Said {
  code: ApiMessageKey;
  message: string;
}

/** The message `code` says, filled in with `params`. */
export function said<K extends ApiMessageKey>(code: K, params: MessageParams<K>): Said {
  return { code, message: formatMessage(API_MESSAGES[code], params) };
}

/**
 * An expected failure: its message is safe to show and answers as
 * `{ message, code }` (code: its key in API_MESSAGES) with the status of its kind.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ApiMessageKey;

  constructor(
    readonly kind: AppErrorKind,
    what: PlainMessageKey | Said,
    readonly headers: Readonly<Record<string, string>> = {},
    /** Machine-readable fields sent beside the message (see AttemptErrorSchema). */
    readonly details: Readonly<Record<string, unknown>> = {},
    /** What the log line of a 5xx answer adds (document id, reason); never sent. */
    readonly logFields: Readonly<Record<string, unknown>> = {},
  ) {
    const { code, message } =
      typeof what === 'string' ? { code: what, message: API_MESSAGES[what] } : what;
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = STATUS[kind];
  }

  static of(kind: AppErrorKind, key: PlainMessageKey): AppError {
    return new AppError(kind, key);
  }
}
