import { createSecretKey, type KeyObject } from 'node:crypto';
import { signJwt, verifyJwt } from './compact-jwt.js';
import { randomText } from './random-text.js';

/**
 * Scoped HS256 tokens. One scope per token: a consultation token opens one
 * document, a client token one receiver's documents, a company token one
 * issuer's API.
 */

export type Scope = 'company' | 'document' | 'client';

/** Lifetimes of the legacy API: +2 days for issuers, +5 h otherwise. */
export const TOKEN_TTL_SECONDS: Readonly<Record<Scope, number>> = {
  company: 2 * 24 * 60 * 60,
  document: 5 * 60 * 60,
  client: 5 * 60 * 60,
};

export interface SessionClaims {
  scope: Scope;
  /** Issuer RUC, document id or receiver document, by scope. */
  sub: string;
  jti: string;
  /** Issued at, unix seconds. */
  iat: number;
  /** Expires at, unix seconds. */
  exp: number;
  /** The anti-forgery value a browser session must echo in X-XSRF-TOKEN. */
  xsf?: string;
  /** The account's session version when the token was issued (accounts' scopes only). */
  ver?: number;
}

/** What a token carries besides its scope and subject. */
export interface TokenExtras {
  xsrf?: string | undefined;
  version?: number | undefined;
}

export interface IssuedToken {
  token: string;
  expire: number;
  jti: string;
}

export class TokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Token expired' : 'Invalid token');
    this.name = 'TokenError';
  }
}

const SCOPES: readonly Scope[] = ['company', 'document', 'client'];

function claimsOf(payload: Record<string, unknown>): SessionClaims | null {
  const { scope, sub, jti, iat, exp, xsf, ver } = payload;
  if (
    typeof scope !== 'string' ||
    !SCOPES.includes(scope as Scope) ||
    typeof sub !== 'string' ||
    typeof jti !== 'string' ||
    !Number.isSafeInteger(iat) ||
    !Number.isSafeInteger(exp) ||
    (xsf !== undefined && typeof xsf !== 'string') ||
    (ver !== undefined && !Number.isSafeInteger(ver))
  ) {
    return null;
  }
  return {
    scope: scope as Scope,
    sub,
    jti,
    iat: iat as number,
    exp: exp as number,
    ...(xsf === undefined ? {} : { xsf }),
    ...(ver === undefined ? {} : { ver: ver as number }),
  };
}

export class TokenService {
  private readonly key: KeyObject;

  constructor(
    secret: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createSecretKey(secret);
  }

  issue(scope: Scope, sub: string, { xsrf, version }: TokenExtras = {}): Promise<IssuedToken> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const exp = iat + TOKEN_TTL_SECONDS[scope];
    const jti = randomText(16);
    const claims: SessionClaims = {
      scope,
      sub,
      jti,
      iat,
      exp,
      ...(xsrf === undefined ? {} : { xsf: xsrf }),
      ...(version === undefined ? {} : { ver: version }),
    };
    return Promise.resolve({ token: signJwt({ ...claims }, this.key), expire: exp, jti });
  }

  verify(token: string): Promise<SessionClaims> {
    const payload = verifyJwt(token, this.key);
    const claims = payload === null ? null : claimsOf(payload);
    if (claims === null) return Promise.reject(new TokenError('invalid'));
    if (claims.exp * 1000 <= this.now().getTime()) return Promise.reject(new TokenError('expired'));
    return Promise.resolve(claims);
  }
}
