import { API_PATHS, HealthSchema, ReadinessSchema, WebConfigSchema } from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Services } from '../../services.js';

/** Liveness, readiness (database and file store), and the web app's runtime configuration. */
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
        summary: 'Liveness: the process answers (restart it when this fails)',
        response: { 200: HealthSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    API_PATHS.healthReady,
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database and the file store answer (send traffic when ok)',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const [database, files] = await Promise.all(
        [sql`select 1`.execute(services.db), services.fileStore.check()].map((check, index) =>
          check.then(
            () => 'ok' as const,
            (error: unknown) => {
              const part = index === 0 ? 'database' : 'file store';
              request.log.error({ err: error }, `readiness check: ${part} unavailable`);
              return 'error' as const;
            },
          ),
        ),
      );
      const ready = database === 'ok' && files === 'ok';
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ok' : 'error', database: database!, files: files! });
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
