import {
  API_MESSAGES,
  API_PATHS,
  AttemptErrorSchema,
  DocumentAuthRequestSchema,
  ErrorSchema,
  MessageSchema,
  ResourceParamsSchema,
  TokenResponseSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attemptSourceOf } from '../../auth/attempt-limiter.js';
import { sessionOf } from '../../auth/session.js';
import { sendResource } from '../../http/request-context.js';
import type { Services } from '../../services.js';

export const InlineQuerySchema = z.object({
  inline: z
    .enum(['0', '1'])
    .optional()
    .meta({ description: '1 shows a PDF in the browser instead of downloading it' }),
});

/** The individual consultation: the data printed on one document opens that document. */
export const consultRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.post(
    API_PATHS.documentAuth,
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['document'],
        summary: 'Consult one document by its printed data → token (+5 h) and session cookie',
        body: DocumentAuthRequestSchema,
        response: {
          200: TokenResponseSchema,
          400: ErrorSchema,
          404: AttemptErrorSchema,
          429: AttemptErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const proof = request.body;
      const documentId = await services.consult.find(attemptSourceOf(request), proof);
      return services.sessions.open(request, reply, 'document', String(documentId), null);
    },
  );

  app.get(
    API_PATHS.documentResource,
    {
      onRequest: services.sessions.guard('document'),
      schema: {
        tags: ['document'],
        summary: 'The consulted document: info, detail (JSON) or its xml, pdf, cdr file',
        security: [{ bearer: [] }, { documentCookie: [] }] as Record<string, string[]>[],
        params: ResourceParamsSchema,
        querystring: InlineQuerySchema,
        response: { 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const resource = await services.documentResources.serve(
        { by: 'consultation', documentId: Number(sessionOf(request).subject) },
        request.params.type,
      );
      return sendResource(reply, resource, request.query.inline === '1');
    },
  );

  app.post(
    API_PATHS.documentLogout,
    {
      schema: {
        tags: ['document'],
        summary: 'End the consultation',
        response: { 200: MessageSchema },
      },
    },
    async (request, reply) => {
      await services.sessions.close(request, reply, 'document');
      return { message: API_MESSAGES.loggedOut };
    },
  );
  done();
};
