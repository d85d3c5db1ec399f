/** A back-end answer with an error status, with the server's `{message}` when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null, url: string) {
    super(serverMessage ?? `HTTP ${status} from ${url}`);
    this.name = 'HttpError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

/** A request that never got an answer (offline, DNS, refused): fetch rejects with a TypeError. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
