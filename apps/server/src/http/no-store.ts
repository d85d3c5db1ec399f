import type { FastifyInstance } from 'fastify';

/**
 * Every API answer is someone's: a token, a list of documents, an account's
 * addresses, or a refusal that tells how many attempts are left. No cache on
 * the way (a proxy, the browser's back button, a shared computer) may keep
 * one. Routes that stream files set their own `private, no-store`.
 */
export function neverCacheApiAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      reply.header('cache-control', 'no-store');
    }
    done();
  });
}
