import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { signJwt, verifyJwt } from './compact-jwt.js';

/** What a token sent by mail (or handed to a browser) may be used for; each gets its own key. */
export type TokenPurpose =
  'email-confirmation' | 'password-reset' | 'challenge' | 'notice-unsubscribe';

/**
 * Short-lived signed tokens for one purpose each, keyed from the token secret,
 * so a token made for one purpose (or a session token) never passes for another.
 * They carry their own expiry; the server keeps no state for them.
 */
export class PurposeTokens {
  private readonly keys = new Map<TokenPurpose, KeyObject>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly now: () => Date,
  ) {}

  sign(purpose: TokenPurpose, claims: Record<string, unknown>, ttlSeconds: number): string {
    const exp = Math.floor(this.now().getTime() / 1000) + ttlSeconds;
    return signJwt({ ...claims, exp }, this.key(purpose));
  }

  /** The claims of a live token of this purpose, or null (forged, damaged, expired, other purpose). */
  open(purpose: TokenPurpose, token: string): Record<string, unknown> | null {
    if (token.length > 2048) return null;
    const claims = verifyJwt(token, this.key(purpose));
    if (claims === null || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000 > this.now().getTime() ? claims : null;
  }

  private key(purpose: TokenPurpose): KeyObject {
    let key = this.keys.get(purpose);
    if (key === undefined) {
      key = createSecretKey(
        createHmac('sha256', this.secret).update(`sufel ${purpose} tokens v1`).digest(),
      );
      this.keys.set(purpose, key);
    }
    return key;
  }
}
