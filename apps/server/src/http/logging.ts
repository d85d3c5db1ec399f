import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters that carry credentials (the legacy admin API takes `?token=`). */
const SECRET_PARAMS = ['token'];

export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (query === undefined) return url;
  const params = new URLSearchParams(query);
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[redacted]');
  return `${path}?${params.toString()}`;
}

/** Request logs without credentials: no auth headers, cookies or tokens in URLs. */
export function loggerOptions(level: string): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
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
