import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a load balancer or client may hand us as a request id; anything else is replaced. */
const ACCEPTED_ID = /^[\w.:-]{1,128}$/;

/**
 * Each request's id: the `X-Request-Id` a proxy in front already gave it, so
 * one id follows the request across machines, or a new one. Fastify puts it
 * on every log line of the request.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/** Echoes the id in `X-Request-Id`, so a user's report can be matched with the logs. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
