import { API_PATHS, InboxQuerySchema, InboxSchema } from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';

/** The receiver's inbound address and the log of the mail it received. */
export const inboxRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.clientInbox,
    {
      schema: {
        summary:
          "The account's own inbound e-mail address and the mail received at it, newest first, with the outcome of each attachment",
        querystring: InboxQuerySchema,
        response: { 200: InboxSchema },
      },
    },
    (request) => services.inbox.inbox(sessionOf(request).subject, request.query),
  );

  done();
};
