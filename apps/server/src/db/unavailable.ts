/** Socket failures of a database that cannot be reached or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is not taking work: connection exceptions (08…),
 * an operator or crash shutdown, a server starting up, no free connection.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;

/** What `pg` and PGlite say when the connection ended or never came. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|PGlite is closed/i;

/**
 * Whether an error means the database is out of reach rather than that the
 * request or the code is wrong: such a request may succeed later, so it is
 * answered 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) {
      return true;
    }
    if (UNAVAILABLE_MESSAGES.test(cause.message)) return true;
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseUnavailable)) return true;
    cause = cause.cause;
  }
  return false;
}
