import type { ChallengeLevel } from '@sufel/contract';

/** A back-end answer with an error status, with the server's `{message, code}` when it sent them. */
export class HttpError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  /** The message's key in the API's catalogue, to translate it by; null from older servers. */
  readonly code: string | null;
  /** Failed attempts still allowed before a verification is needed, when the server said. */
  readonly attemptsLeft: number | null;
  /** The server asks for a solved proof-of-work challenge before it tries again. */
  readonly challengeRequired: boolean;
  /** How hard that challenge must be: `address` after many failures from this connection. */
  readonly challengeLevel: ChallengeLevel;

  constructor(
    status: number,
    serverMessage: string | null,
    url: string,
    details: {
      attemptsLeft?: number | null;
      challengeRequired?: boolean;
      challengeLevel?: ChallengeLevel;
      code?: string | null;
    } = {},
  ) {
    super(serverMessage ?? `HTTP ${status} from ${url}`);
    this.name = 'HttpError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = details.code ?? null;
    this.attemptsLeft = details.attemptsLeft ?? null;
    this.challengeRequired = details.challengeRequired ?? false;
    this.challengeLevel = details.challengeLevel ?? 'target';
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

/** A request that never got an answer (offline, DNS, refused): fetch rejects with a TypeError. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** How many failed attempts remain before a verification is asked, when the answer told. */
export function attemptsLeftOf(error: unknown): number | null {
  return isHttpError(error) ? error.attemptsLeft : null;
}
