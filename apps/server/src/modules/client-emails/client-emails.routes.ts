import {
  AddClientEmailRequestSchema,
  API_MESSAGES,
  API_PATHS,
  AttemptErrorSchema,
  ClientEmailListSchema,
  ClientEmailParamsSchema,
  ConfirmEmailRequestSchema,
  ErrorSchema,
  MessageSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { attemptOf } from '../../auth/attempt-limiter.js';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';
import { loginTarget } from '../receiver/receiver.service.js';

/** A receiver's e-mail addresses. */
export const clientEmailsRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const guard = services.sessions.guard('client');
  const security: Record<string, string[]>[] = [{ bearer: [] }, { clientCookie: [] }];
  const sessionErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

  app.get(
    API_PATHS.clientEmails,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: "The receiver's e-mail addresses and whether each is confirmed",
        security,
        response: { 200: ClientEmailListSchema, ...sessionErrors },
      },
    },
    (request) => services.clientEmails.list(sessionOf(request).subject),
  );

  app.post(
    API_PATHS.clientEmails,
    {
      bodyLimit: 4096,
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary:
          'Add an e-mail address (needs the current password); a confirmation link is mailed to it',
        security,
        body: AddClientEmailRequestSchema,
        response: {
          200: MessageSchema,
          ...sessionErrors,
          400: AttemptErrorSchema,
          429: AttemptErrorSchema,
        },
      },
    },
    async (request) => {
      const documento = sessionOf(request).subject;
      await services.clientEmails.addFromSession(
        documento,
        request.body,
        attemptOf(request, loginTarget(documento)),
      );
      return { message: API_MESSAGES.emailConfirmationSent };
    },
  );

  app.delete(
    API_PATHS.clientEmail,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: 'Remove an e-mail address',
        security,
        params: ClientEmailParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, ...sessionErrors },
      },
    },
    async (request) => {
      await services.clientEmails.remove(sessionOf(request).subject, request.params.id);
      return { message: API_MESSAGES.emailRemoved };
    },
  );

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
      await services.clientEmails.confirm(request.body.token);
      return { message: API_MESSAGES.emailConfirmed };
    },
  );
  done();
};
