import type { FastifyInstance } from 'fastify';

/**
 * What a route that takes no body still reads: enough for clients that
 * always send a little JSON (`{}`), never enough for a body that costs the
 * main thread time to parse (a 0.9 MB nested JSON holds it for a third of a
 * second).
 */
export const NO_BODY_LIMIT = 4 * 1024;

/** Routes that declare no body and no limit of their own read at most NO_BODY_LIMIT. */
export function limitBodilessRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && route.schema?.body === undefined) {
      route.bodyLimit = NO_BODY_LIMIT;
    }
  });
}
