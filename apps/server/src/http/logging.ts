import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Operator routes: their whole query string goes, since the legacy API takes
 * the operator's token there and a mistyped name (`?tokn=`) would still be one.
 */
const OPERATOR_ROUTES = /^\/api\/(?:companies|clients)(?:\/|$)/i;

/** A query parameter that carries a credential: any name with "token" in it, in any case or form. */
const SECRET_PARAM = /token/i;

const REDACTED = '[redacted]';

/**
 * The URL as it may be logged: the query of operator routes removed whole,
 * and every parameter named like a token (`token`, `Token`, `token[]`,
 * `access_token`…) replaced, however it was percent-encoded.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const path = url.slice(0, mark);
  if (OPERATOR_ROUTES.test(decodedPath(path))) return `${path}?${REDACTED}`;
  const params = new URLSearchParams(url.slice(mark + 1));
  const kept = [...params].map(([name, value]): [string, string] =>
    SECRET_PARAM.test(name) ? [name, REDACTED] : [name, value],
  );
  return `${path}?${new URLSearchParams(kept).toString()}`;
}

/** The path as the router reads it (`/api/%63ompanies` is `/api/companies`). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path).replace(/\/{2,}/g, '/');
  } catch {
    // Not decodable: the router does not match it either.
    return path;
  }
}

/** Request logs without credentials: no auth headers, cookies or tokens in URLs. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
