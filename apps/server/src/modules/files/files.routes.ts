import { API_PATHS, ErrorSchema, SignedFileParamsSchema } from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendResource } from '../../http/request-context.js';
import type { Services } from '../../services.js';

/** Download links handed to issuers after publishing; expired or forged ones are 404. */
export const filesRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.signedFile,
    {
      schema: {
        tags: ['files'],
        summary: 'A published file by signed link (valid 24 h)',
        params: SignedFileParamsSchema,
        response: { 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const resource = await services.documentResources.serve(
        { by: 'link', hash: request.params.hash },
        request.params.type,
      );
      return sendResource(reply, resource);
    },
  );
  done();
};
