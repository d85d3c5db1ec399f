import type { FastifyInstance } from 'fastify';
import { AppError, said } from '../errors.js';

const NUL = '\u0000';

/** Where the first text holding a NUL is ("comprobante.emisor", "documents.0.xml"), or null. */
function fieldWithNul(value: unknown): string | null {
  // Iterative: a body nested thousands of levels deep must not exhaust the stack.
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        pending.push({ value: child, path: path === '' ? key : `${path}.${key}` });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character: a name, a password or a
 * filter carrying one would fail in the database. No field of the API has a
 * use for it, so it is refused up front, naming the field.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // The web app's deep links ('*') are files or a 404, never a query.
    const params = request.routeOptions.url === '*' ? {} : request.params;
    for (const part of [params, request.query, request.body]) {
      const field = fieldWithNul(part);
      if (field === null) continue;
      done(
        new AppError(
          'bad_request',
          field === '' ? 'nullCharacterInBody' : said('nullCharacterInField', { field }),
        ),
      );
      return;
    }
    done();
  });
}
