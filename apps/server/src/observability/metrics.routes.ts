import { API_PATHS, ErrorSchema } from '@sufel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { register } from 'prom-client';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { consultations, httpRequestDuration, httpRequests } from './metrics.js';

const CONSULT_RESULTS: Readonly<Record<number, string>> = {
  200: 'found',
  404: 'not_found',
  429: 'throttled',
};

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Counts every answer by route and status; with METRICS=1 or METRICS_TOKEN,
 * serves them (and whatever else the process registered) at `/metrics`.
 * Routes are labelled by their pattern, never by the raw URL, so the number of
 * series stays bounded.
 */
export function registerMetrics(app: FastifyInstance, services: Services): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    if (route === API_PATHS.documentAuth && request.method === 'POST') {
      consultations.inc({ result: CONSULT_RESULTS[reply.statusCode] ?? 'invalid' });
    }
    done();
  });

  const { enabled, token } = services.config.metrics;
  if (!enabled) return;
  app.get(
    API_PATHS.metrics,
    {
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (METRICS=1, or a bearer METRICS_TOKEN)',
        response: { 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (token !== undefined && !bearerMatches(request, token)) {
        throw new AppError('unauthorized', 'metricsTokenRequired');
      }
      return reply.type(register.contentType).send(await register.metrics());
    },
  );
}
