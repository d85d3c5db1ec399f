import { sql, type RawBuilder } from 'kysely';
import type { SessionClaims } from './tokens.js';

/** What an account (receiver or issuer) keeps to decide whether its sessions still stand. */
export interface SessionState {
  session_version: number;
  password_changed_at: Date;
}

/**
 * The columns a new password writes: it raises the session version, so every
 * token issued before it stops working, however close in time.
 */
export function newPasswordColumns(
  passwordHash: string,
  now: Date,
): { password_hash: string; password_changed_at: Date; session_version: RawBuilder<number> } {
  return {
    password_hash: passwordHash,
    password_changed_at: now,
    session_version: sql<number>`session_version + 1`,
  };
}

/**
 * A token stands while the account is still at the session version it was
 * issued under. Tokens issued before versions existed carry none: they stand
 * only while the password has not changed since (version 0, and issued no
 * earlier than the second of the last change, all the old tokens could tell).
 */
export function sessionStands(claims: SessionClaims, account: SessionState): boolean {
  if (claims.ver !== undefined) return claims.ver === account.session_version;
  return (
    account.session_version === 0 &&
    claims.iat >= Math.floor(account.password_changed_at.getTime() / 1000)
  );
}
