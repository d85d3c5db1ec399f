import { CodedError } from '../coded-error.js';

export type SireErrorCode =
  /** The token was refused: SOL user or password, or the application's client id or secret. */
  | 'bad_credentials'
  /** A token was issued but SIRE refuses it (the application has no access to SIRE). */
  | 'not_authorized'
  /** SUNAT's 1070 and 1518: the proposal of the period holds no documents. */
  | 'no_documents'
  /** SUNAT answered the request with another validation error. */
  | 'rejected'
  /** SIRE down, slow or unreachable, after retries. */
  | 'unavailable'
  | 'ticket_failed'
  | 'ticket_timeout'
  /** An answer in a shape SIRE's description does not give. */
  | 'unexpected_answer'
  | 'report_too_large';

/** A failure talking to SIRE. */
export class SireError extends CodedError<SireErrorCode> {}

const SUNAT_TEXT_MAX = 300;

/** SUNAT's own words inside a message: control characters out, long text cut. */
export function sunatText(text: string): string {
  const clean = text.replace(/\p{Cc}+/gu, ' ').trim();
  return clean.length > SUNAT_TEXT_MAX ? `${clean.slice(0, SUNAT_TEXT_MAX)}…` : clean;
}
