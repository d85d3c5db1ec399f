import {
  API_PATHS,
  BACKGROUND_EXPORT_HOURS,
  BackgroundExportListSchema,
  BackgroundExportParamsSchema,
  BackgroundExportSchema,
  ClientExportFilterSchema,
  ErrorSchema,
  EXPORT_MAX_DOCUMENTS,
} from '@sufel/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';
import type { BackgroundDownload } from './background-exports.service.js';

function zipHeaders(reply: FastifyReply, download: BackgroundDownload): FastifyReply {
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('content-length', String(download.size))
    .header('cache-control', 'private, no-store');
}

/** ZIP exports too large to wait for: asked for, followed, then downloaded. */
export const backgroundExportRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.post(
    API_PATHS.clientExports,
    {
      schema: {
        summary: `Build the ZIP of the filtered documents in the background (for more than ${EXPORT_MAX_DOCUMENTS})`,
        description: `One at a time per account. Follow it with GET ${API_PATHS.clientExports}; once \`listo\`, download it for ${BACKGROUND_EXPORT_HOURS} hours.`,
        body: ClientExportFilterSchema,
        response: { 202: BackgroundExportSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await services.backgroundExports.start(sessionOf(request).subject, request.body)),
  );

  app.get(
    API_PATHS.clientExports,
    {
      schema: {
        summary: 'The ZIP exports built in the background, newest first, with their progress',
        response: { 200: BackgroundExportListSchema },
      },
    },
    async (request) => ({
      items: await services.backgroundExports.list(sessionOf(request).subject),
    }),
  );

  app.get(
    API_PATHS.clientExportFile,
    {
      schema: {
        summary: 'Download a ZIP built in the background',
        params: BackgroundExportParamsSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema, 410: ErrorSchema },
      },
    },
    async (request, reply) => {
      const download = await services.backgroundExports.open(
        sessionOf(request).subject,
        request.params.id,
      );
      return zipHeaders(reply, download).send(download.body);
    },
  );
  done();
};
