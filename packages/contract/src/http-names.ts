/** Names of the cookies a browser session uses. */
export const COOKIE_NAMES = {
  documentSession: 'sufel_document',
  clientSession: 'sufel_client',
  xsrf: 'XSRF-TOKEN',
} as const;

/** Header echoing the XSRF cookie on every request that changes something. */
export const XSRF_HEADER = 'x-xsrf-token';

/** Header carrying a solved challenge: the solution as base64url JSON. */
export const CHALLENGE_HEADER = 'x-challenge-solution';
