import { createHash, randomBytes } from 'node:crypto';

/**
 * Issuers' API tokens: 256 random bits behind a prefix that tells them apart
 * from session tokens (JWTs start with `eyJ`) and lets secret scanners find
 * them. Only the SHA-256 is stored: the token carries enough entropy that a
 * fast hash cannot be searched, and lookups stay one indexed read.
 */
export const API_TOKEN_PREFIX = 'sufel_';

const API_TOKEN_FORMAT = /^sufel_[A-Za-z0-9_-]{43}$/;

export function newApiToken(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Whether a bearer value claims to be an API token (well formed or not). */
export function looksLikeApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

export function isWellFormedApiToken(bearer: string): boolean {
  return API_TOKEN_FORMAT.test(bearer);
}

export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
