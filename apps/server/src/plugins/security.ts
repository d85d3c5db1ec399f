/**
 * Security headers for every answer: a CSP that allows only this origin (no
 * inline script; inline styles for the CSS-in-JS of the web app), no framing by
 * other sites, no MIME sniffing, and compression for text answers. The one
 * object allowed is a blob: the PDF preview frames the file the page fetched,
 * that frame inherits this policy, and the browser's PDF viewer in it is an
 * object.
 * @see https://helmetjs.github.io/
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ['blob:'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * The headers helmet sets for `options`, worked out once: none of them vary
 * by request, and building them again for each one cost a few per cent of a
 * consultation's CPU.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  const outcome: { error?: unknown } = {};
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error !== undefined) outcome.error = error;
    },
  );
  if (outcome.error !== undefined) {
    throw new Error('The security headers could not be worked out', { cause: outcome.error });
  }
  return [...headers];
}

export async function registerSecurity(app: FastifyInstance, https: boolean): Promise<void> {
  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
    hsts: https ? { maxAge: 31_536_000 } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  // On the raw response, so that answers streamed past Fastify carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
