import { COOKIE_NAMES, XSRF_HEADER, type TokenResponse } from '@sufel/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';
import { looksLikeApiToken } from './api-tokens.js';
import { randomText } from './random-text.js';
import type { RevocationsRepository } from './revocations.repository.js';
import {
  TOKEN_TTL_SECONDS,
  TokenError,
  type Scope,
  type SessionClaims,
  type TokenService,
} from './tokens.js';

/**
 * Who is calling. Browsers hold an httpOnly cookie per area and must echo the
 * XSRF value on unsafe requests (double submit, bound to the token); API
 * clients send `Authorization: Bearer` and need no XSRF header. Issuers'
 * integrations may send a named API token instead of a session token.
 */
export interface Session {
  scope: Scope;
  /** Issuer RUC, document id or receiver RUC, by scope. */
  subject: string;
  /** The session token's claims; null for an API token. */
  claims: SessionClaims | null;
  via: 'bearer' | 'cookie' | 'api-token';
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** Whether the account behind a token still accepts it (exists, enabled, password unchanged). */
export type SessionValidator = (claims: SessionClaims) => Promise<boolean>;

/** The issuer an API token opens, or null when it opens none (unknown, revoked, issuer disabled). */
export type ApiTokenAuthenticator = (token: string) => Promise<string | null>;

export interface GuardOptions {
  /**
   * Whether an issuer's API token is admitted (default yes). Managing tokens
   * needs a password session, so a leaked token cannot make itself successors
   * that outlive its revocation.
   */
  apiTokens?: boolean;
}

const SESSION_COOKIE: Readonly<Record<Scope, string | null>> = {
  company: null,
  document: COOKIE_NAMES.documentSession,
  client: COOKIE_NAMES.clientSession,
};

const COOKIE_PATH: Readonly<Record<Scope, string>> = {
  company: '/api/company',
  document: '/api/document',
  client: '/api/client',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const XSRF_FORMAT = /^[A-Za-z0-9_-]{32,64}$/;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export interface SessionManagerOptions {
  tokens: TokenService;
  revocations: RevocationsRepository;
  validators: Readonly<Record<Scope, SessionValidator>>;
  /** Issuers' API tokens, admitted where the company scope is. */
  apiTokens: ApiTokenAuthenticator;
  /** Cookies get the Secure flag when the public URL is https or the request came over https. */
  publicUrl: string | undefined;
}

export class SessionManager {
  constructor(private readonly options: SessionManagerOptions) {}

  /**
   * Hook that admits only a live session of `scope`. It runs on request, before
   * the body is read or validated, so strangers learn nothing from validation.
   */
  guard(scope: Scope, { apiTokens = true }: GuardOptions = {}): onRequestAsyncHookHandler {
    return async (request, reply) => {
      const bearer = bearerToken(request);
      request.session =
        scope === 'company' && bearer !== undefined && looksLikeApiToken(bearer)
          ? await this.authenticateApiToken(bearer, apiTokens)
          : await this.authenticate(request, reply, scope);
    };
  }

  /**
   * Starts a session: a token for API clients, and cookies for browsers.
   * `version` is the account's session version (null for a consultation,
   * which has no account): a later password change ends the session.
   */
  async open(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: Scope,
    subject: string,
    version: number | null,
  ): Promise<TokenResponse> {
    const cookieName = SESSION_COOKIE[scope];
    const extras = version === null ? {} : { version };
    if (cookieName === null) {
      const { token, expire } = await this.options.tokens.issue(scope, subject, extras);
      return { token, expire };
    }
    const current = request.cookies[COOKIE_NAMES.xsrf];
    const xsrf = current !== undefined && XSRF_FORMAT.test(current) ? current : randomText(32);
    const { token, expire } = await this.options.tokens.issue(scope, subject, { ...extras, xsrf });
    const secure = this.secure(request);
    reply.setCookie(cookieName, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: COOKIE_PATH[scope],
      maxAge: TOKEN_TTL_SECONDS[scope],
    });
    reply.setCookie(COOKIE_NAMES.xsrf, xsrf, {
      httpOnly: false,
      sameSite: 'strict',
      secure,
      path: '/',
    });
    return { token, expire };
  }

  /** Ends the caller's session of `scope`, if any: the token stops working and the cookie goes. */
  async close(request: FastifyRequest, reply: FastifyReply, scope: Scope): Promise<void> {
    const cookieName = SESSION_COOKIE[scope];
    const bearer = bearerToken(request);
    const token = bearer ?? (cookieName ? request.cookies[cookieName] : undefined);
    if (token !== undefined) {
      let claims: SessionClaims | null = null;
      try {
        claims = await this.options.tokens.verify(token);
      } catch (error) {
        // An expired or damaged token has nothing left to end; only the cookie goes.
        if (!(error instanceof TokenError)) throw error;
      }
      if (claims !== null && claims.scope === scope) {
        if (bearer === undefined) this.checkXsrf(request, claims);
        await this.options.revocations.revoke(claims.jti, new Date(claims.exp * 1000));
      }
    }
    if (cookieName !== null) this.clearCookie(request, reply, scope);
  }

  private async authenticateApiToken(token: string, admitted: boolean): Promise<Session> {
    const subject = await this.options.apiTokens(token);
    if (subject === null) throw AppError.of('unauthorized', 'unauthorized');
    if (!admitted) throw AppError.of('forbidden', 'companyTokenNeedsPassword');
    return { scope: 'company', subject, claims: null, via: 'api-token' };
  }

  private async authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: Scope,
  ): Promise<Session> {
    const cookieName = SESSION_COOKIE[scope];
    const bearer = bearerToken(request);
    const cookie = cookieName === null ? undefined : request.cookies[cookieName];
    const token = bearer ?? cookie;
    const via = bearer !== undefined ? 'bearer' : 'cookie';
    if (token === undefined) throw AppError.of('unauthorized', 'unauthorized');

    let claims: SessionClaims;
    try {
      claims = await this.options.tokens.verify(token);
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      if (via === 'cookie') this.clearCookie(request, reply, scope);
      throw AppError.of(
        'unauthorized',
        error.reason === 'expired' ? 'sessionExpired' : 'unauthorized',
      );
    }
    if (claims.scope !== scope) throw AppError.of('unauthorized', 'unauthorized');
    // Two independent lookups: run them side by side, one round trip of latency.
    const [revoked, accepted] = await Promise.all([
      this.options.revocations.isRevoked(claims.jti),
      this.options.validators[scope](claims),
    ]);
    if (revoked || !accepted) {
      if (via === 'cookie') this.clearCookie(request, reply, scope);
      throw AppError.of('unauthorized', 'sessionExpired');
    }
    if (via === 'cookie' && !SAFE_METHODS.has(request.method)) this.checkXsrf(request, claims);
    return { scope, subject: claims.sub, claims, via };
  }

  private checkXsrf(request: FastifyRequest, claims: SessionClaims): void {
    const header = request.headers[XSRF_HEADER];
    const cookie = request.cookies[COOKIE_NAMES.xsrf];
    const valid =
      typeof header === 'string' &&
      cookie !== undefined &&
      claims.xsf !== undefined &&
      sameText(header, cookie) &&
      sameText(header, claims.xsf);
    if (!valid) throw new AppError('forbidden', 'xsrfMissing');
  }

  private clearCookie(request: FastifyRequest, reply: FastifyReply, scope: Scope): void {
    const cookieName = SESSION_COOKIE[scope];
    if (cookieName === null) return;
    reply.clearCookie(cookieName, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure(request),
      path: COOKIE_PATH[scope],
    });
  }

  private secure(request: FastifyRequest): boolean {
    return this.options.publicUrl?.startsWith('https://') === true || request.protocol === 'https';
  }
}

/** The session a guard admitted; a route without its guard fails loudly instead of leaking. */
export function sessionOf(request: FastifyRequest): Session {
  if (request.session === null) {
    throw new Error(`Route ${request.routeOptions.url ?? '?'} has no session guard`);
  }
  return request.session;
}
