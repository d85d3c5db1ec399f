import {
  API_MESSAGES,
  API_PATHS,
  ConfirmEmailRequestSchema,
  ErrorSchema,
  MessageSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.js';

/** The mailed link that confirms a receiver's address: it works without a session. */
export const emailConfirmationRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.post(
    API_PATHS.clientEmailConfirmation,
    {
      bodyLimit: 4096,
      schema: {
        tags: ['client'],
        summary: 'Confirm an e-mail address with the token of the mailed link (no session needed)',
        body: ConfirmEmailRequestSchema,
        response: { 200: MessageSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      await services.receiverEmails.confirm(request.body.token);
      return { message: API_MESSAGES.emailConfirmed };
    },
  );
  done();
};
