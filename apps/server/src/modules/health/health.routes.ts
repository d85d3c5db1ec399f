import { API_PATHS, HealthSchema, WebConfigSchema } from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Services } from '../../services.js';

/** Liveness with a database round trip, and the web app's runtime configuration. */
export const healthRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.health,
    {
      schema: {
        tags: ['system'],
        summary: 'Service and database health',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(services.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'error' });
      }
    },
  );

  app.get(
    API_PATHS.config,
    {
      schema: {
        tags: ['system'],
        summary: 'Runtime configuration of the web app',
        response: { 200: WebConfigSchema },
      },
    },
    () => services.config.web,
  );
  done();
};
