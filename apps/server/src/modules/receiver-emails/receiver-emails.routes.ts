import {
  AddClientEmailRequestSchema,
  API_MESSAGES,
  API_PATHS,
  AttemptErrorSchema,
  ClientEmailListSchema,
  ClientEmailParamsSchema,
  ErrorSchema,
  MessageSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { attemptOf } from '../../auth/attempt-limiter.js';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';
import { loginTarget } from '../receiver/receiver.service.js';

/** A signed-in receiver's e-mail addresses. */
export const receiverEmailsRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.clientEmails,
    {
      schema: {
        summary: "The receiver's e-mail addresses and whether each is confirmed",
        response: { 200: ClientEmailListSchema },
      },
    },
    (request) => services.receiverEmails.list(sessionOf(request).subject),
  );

  app.post(
    API_PATHS.clientEmails,
    {
      bodyLimit: 4096,
      schema: {
        summary:
          'Add an e-mail address (needs the current password); a confirmation link is mailed to it',
        body: AddClientEmailRequestSchema,
        response: { 200: MessageSchema, 400: AttemptErrorSchema, 429: AttemptErrorSchema },
      },
    },
    async (request) => {
      const receiverRuc = sessionOf(request).subject;
      await services.receiverEmails.addFromSession(
        receiverRuc,
        request.body,
        attemptOf(request, loginTarget(receiverRuc)),
      );
      return { message: API_MESSAGES.emailConfirmationSent };
    },
  );

  app.delete(
    API_PATHS.clientEmail,
    {
      schema: {
        summary: 'Remove an e-mail address',
        params: ClientEmailParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      await services.receiverEmails.remove(sessionOf(request).subject, request.params.id);
      return { message: API_MESSAGES.emailRemoved };
    },
  );
  done();
};
