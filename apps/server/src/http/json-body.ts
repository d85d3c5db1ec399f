import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (with its prototype-poisoning guards),
 * except that an empty body counts as no body: clients that always send
 * `Content-Type: application/json` (the original web client did) may POST to
 * endpoints that take none, such as logout.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
