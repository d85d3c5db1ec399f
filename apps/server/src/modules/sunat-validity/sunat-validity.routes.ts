import {
  API_PATHS,
  DatabaseIdSchema,
  DocumentValidityAnswerSchema,
  ErrorSchema,
  MessageSchema,
  SUNAT_VALIDITY_MESSAGES,
  SunatCredentialsRequestSchema,
  SunatCredentialsStatusSchema,
  ValidityCheckListSchema,
  ValidityCheckParamsSchema,
  ValidityCheckRequestSchema,
  ValidityCheckSchema,
  ValidityCheckStartedSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';

const BODY_LIMIT = 4 * 1024;

/** A receiver's SUNAT credentials, and SUNAT's state of its documents (consulta integrada). */
export const sunatValidityRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.clientSunatCredentials,
    {
      schema: {
        summary:
          "Whether the receiver's SUNAT API credentials are saved and work (never the secret)",
        response: { 200: SunatCredentialsStatusSchema },
      },
    },
    (request) => services.sunatCredentials.status(sessionOf(request).subject),
  );

  app.put(
    API_PATHS.clientSunatCredentials,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary:
          'Save the "Credenciales de API SUNAT", tried at once by asking SUNAT for a token: 400 when SUNAT refuses them',
        body: SunatCredentialsRequestSchema,
        response: { 200: SunatCredentialsStatusSchema, 503: ErrorSchema },
      },
    },
    (request) => services.sunatCredentials.save(sessionOf(request).subject, request.body),
  );

  app.delete(
    API_PATHS.clientSunatCredentials,
    {
      schema: {
        summary: "Forget the receiver's SUNAT API credentials",
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await services.sunatCredentials.remove(sessionOf(request).subject);
      return { message: SUNAT_VALIDITY_MESSAGES.credentialsRemoved };
    },
  );

  app.post(
    API_PATHS.clientDocumentValidity,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary:
          "Ask SUNAT now for the document's state: 200 with the answer, or 202 while SUNAT has not answered (kept when it does)",
        params: z.object({ id: DatabaseIdSchema }),
        response: {
          200: DocumentValidityAnswerSchema,
          202: DocumentValidityAnswerSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { status, answer } = await services.sunatValidity.checkNow(
        sessionOf(request).subject,
        request.params.id,
      );
      return reply.code(status).send(answer);
    },
  );

  app.post(
    API_PATHS.clientValidityChecks,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Check every document of a period with SUNAT, in the background',
        body: ValidityCheckRequestSchema,
        response: {
          200: ValidityCheckStartedSchema,
          409: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    (request) => services.sunatValidity.startPeriod(sessionOf(request).subject, request.body),
  );

  app.get(
    API_PATHS.clientValidityChecks,
    {
      schema: {
        summary: "The receiver's latest checks of a period, newest first, with their progress",
        response: { 200: ValidityCheckListSchema },
      },
    },
    (request) => services.sunatValidity.recent(sessionOf(request).subject),
  );

  app.get(
    API_PATHS.clientValidityCheck,
    {
      schema: {
        summary: "A check's progress: total, done, failed (with reasons), state",
        params: ValidityCheckParamsSchema,
        response: { 200: ValidityCheckSchema, 404: ErrorSchema },
      },
    },
    (request) => services.sunatValidity.progress(sessionOf(request).subject, request.params.id),
  );
  done();
};
