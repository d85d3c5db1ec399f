import {
  API_PATHS,
  ErrorSchema,
  MessageSchema,
  NOTICE_MESSAGES,
  NoticePreferencesSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';

/** A signed-in receiver's choice of notices. */
export const noticesRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.clientNotices,
    {
      schema: {
        summary: 'How the receiver is told of new documents',
        response: { 200: NoticePreferencesSchema },
      },
    },
    async (request) => ({ mode: await services.notices.mode(sessionOf(request).subject) }),
  );

  app.patch(
    API_PATHS.clientNotices,
    {
      bodyLimit: 1024,
      schema: {
        summary:
          'Choose notices of new documents: one e-mail each, a daily digest, or none (confirmed addresses only)',
        body: NoticePreferencesSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      await services.notices.setMode(sessionOf(request).subject, request.body.mode);
      return { message: NOTICE_MESSAGES.saved };
    },
  );
  done();
};
