import {
  API_MESSAGES,
  API_PATHS,
  AttemptErrorSchema,
  ChangePasswordRequestSchema,
  ClientDocumentsFilterSchema,
  ClientDocumentsPageQuerySchema,
  ClientExportFilterSchema,
  ClientIssuerAddedSchema,
  ClientIssuerAddRequestSchema,
  ClientResourceParamsSchema,
  DocumentListSchema,
  DocumentPageSchema,
  DocumentTotalsSchema,
  ErrorSchema,
  IssuerSummarySchema,
  LatestDocumentSchema,
  PasswordChangedSchema,
  ReceiverAccessSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attemptSourceOf } from '../../auth/attempt-limiter.js';
import { sessionOf } from '../../auth/session.js';
import { sendResource } from '../../http/request-context.js';
import type { Services } from '../../services.js';
import { InlineQuerySchema } from '../consult/consult.routes.js';
import { AUTH_BODY_LIMIT } from './receiver-public.routes.js';

/** A signed-in receiver's account and every document issued to it. */
export const receiverRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.post(
    API_PATHS.clientChangePassword,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        summary:
          "Change the receiver's password: ends every other session; this one goes on with the token (and cookie) answered",
        body: ChangePasswordRequestSchema,
        response: { 200: PasswordChangedSchema },
      },
    },
    async (request, reply) => {
      const receiverRuc = sessionOf(request).subject;
      const version = await services.receiver.changePassword(
        receiverRuc,
        request.body.old,
        request.body.new,
      );
      // The change ends every earlier session, this one included: start a fresh one.
      const session = await services.sessions.open(request, reply, 'client', receiverRuc, version);
      return { message: API_MESSAGES.passwordChanged, ...session };
    },
  );

  app.get(
    API_PATHS.clientCompanies,
    {
      schema: {
        summary: 'Issuers that sent documents to this receiver, among those the account sees',
        response: { 200: z.array(IssuerSummarySchema) },
      },
    },
    (request) => services.receiver.issuers(sessionOf(request).subject),
  );

  app.get(
    API_PATHS.clientIssuers,
    {
      schema: {
        summary:
          'What the account sees: every issuer (verified RUC) or the issuers it proved, and how to get verified',
        response: { 200: ReceiverAccessSchema },
      },
    },
    (request) => services.receiverAccess.view(sessionOf(request).subject),
  );

  app.post(
    API_PATHS.clientIssuers,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        summary:
          "Agregar emisor: prove one document of an issuer (as at registration) to see that issuer's documents; limited like a consultation",
        body: ClientIssuerAddRequestSchema,
        response: {
          200: ClientIssuerAddedSchema,
          400: AttemptErrorSchema,
          403: ErrorSchema,
          429: AttemptErrorSchema,
        },
      },
    },
    (request) =>
      services.receiverAccess.addIssuer(
        attemptSourceOf(request),
        sessionOf(request).subject,
        request.body.comprobante,
      ),
  );

  app.post(
    API_PATHS.clientDocuments,
    {
      schema: {
        summary: "The receiver's documents matching a filter, all at once, newest first",
        body: ClientDocumentsFilterSchema,
        response: { 200: DocumentListSchema },
      },
    },
    (request) => services.receiver.list(sessionOf(request).subject, request.body),
  );

  app.get(
    API_PATHS.clientDocuments,
    {
      schema: {
        summary: "One page of the receiver's documents, by key (newest first by default)",
        querystring: ClientDocumentsPageQuerySchema,
        response: { 200: DocumentPageSchema },
      },
    },
    (request) => services.receiver.page(sessionOf(request).subject, request.query),
  );

  app.get(
    API_PATHS.clientDocumentsTotals,
    {
      schema: {
        summary:
          "How many of the receiver's documents match a filter, and their sums per currency (voided left out, credit notes subtract)",
        querystring: ClientExportFilterSchema,
        response: { 200: DocumentTotalsSchema },
      },
    },
    (request) => services.receiver.totals(sessionOf(request).subject, request.query),
  );

  app.get(
    API_PATHS.clientDocumentsLatest,
    {
      schema: {
        summary: "Date of the receiver's most recent document, for the list's default range",
        response: { 200: LatestDocumentSchema },
      },
    },
    (request) => services.receiver.latest(sessionOf(request).subject),
  );

  app.get(
    API_PATHS.clientDocumentResource,
    {
      schema: {
        summary: 'One of the receiver’s documents: info, detail (JSON) or its xml, pdf, cdr file',
        params: ClientResourceParamsSchema,
        querystring: InlineQuerySchema,
        response: { 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const resource = await services.documentResources.serve(
        { by: 'receiver', receiver: sessionOf(request).subject, documentId: request.params.id },
        request.params.type,
      );
      return sendResource(reply, resource, request.query.inline === '1');
    },
  );
  done();
};
