import {
  API_MESSAGES,
  API_PATHS,
  ChangePasswordRequestSchema,
  ClientDocumentsFilterSchema,
  ClientDocumentsPageQuerySchema,
  ClientLoginRequestSchema,
  ClientRegisterRequestSchema,
  ClientResetPasswordRequestSchema,
  ClientResourceParamsSchema,
  DocumentListSchema,
  DocumentPageSchema,
  ErrorSchema,
  IssuerSummarySchema,
  MessageSchema,
  TokenResponseSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attemptWithLimit } from '../../auth/attempt-limiter.js';
import { sessionOf } from '../../auth/session.js';
import { AppError } from '../../errors.js';
import { baseUrl, sendResource } from '../../http/request-context.js';
import type { Services } from '../../services.js';
import { InlineQuerySchema } from '../consult/consult.routes.js';

const AUTH_BODY_LIMIT = 16 * 1024;

/** Receiver companies: their account and every document issued to them. */
export const receiverRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const guard = services.sessions.guard('client');
  const security: Record<string, string[]>[] = [{ bearer: [] }, { clientCookie: [] }];
  const authErrors = { 400: ErrorSchema, 429: ErrorSchema };
  const sessionErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

  app.post(
    API_PATHS.clientLogin,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary: 'Receiver login: RUC + password → token (+5 h) and session cookie',
        body: ClientLoginRequestSchema,
        response: { 200: TokenResponseSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const { documento, password } = request.body;
      const ok = await attemptWithLimit(
        services.limiter,
        request.ip,
        `login:${documento}`,
        async () => ((await services.receiver.checkCredentials(documento, password)) ? true : null),
      );
      if (ok === null) throw new AppError('bad_request', API_MESSAGES.invalidCredentials);
      return services.sessions.open(request, reply, 'client', documento);
    },
  );

  app.post(
    API_PATHS.clientLogout,
    {
      schema: { tags: ['client'], summary: 'End the session', response: { 200: MessageSchema } },
    },
    async (request, reply) => {
      await services.sessions.close(request, reply, 'client');
      return { message: API_MESSAGES.loggedOut };
    },
  );

  app.post(
    API_PATHS.clientRegister,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary: 'Create a receiver account, proving the RUC receives documents here',
        body: ClientRegisterRequestSchema,
        response: { 200: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const { documento, nombres, password, comprobante } = request.body;
      const proven = await attemptWithLimit(
        services.limiter,
        request.ip,
        `register:${documento}`,
        async () => ((await services.receiver.proves(documento, comprobante)) ? true : null),
      );
      if (proven === null) throw AppError.of('bad_request', 'proofRejected');
      await services.receiver.register(documento, nombres, password);
      return { message: API_MESSAGES.clientRegistered };
    },
  );

  app.post(
    API_PATHS.clientResetPassword,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary: 'Set a new password, proving the RUC receives documents here',
        body: ClientResetPasswordRequestSchema,
        response: { 200: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const { documento, password, comprobante } = request.body;
      const proven = await attemptWithLimit(
        services.limiter,
        request.ip,
        `reset:${documento}`,
        async () => ((await services.receiver.proves(documento, comprobante)) ? true : null),
      );
      if (proven === null) throw AppError.of('bad_request', 'proofRejected');
      await services.receiver.resetPassword(documento, password);
      return { message: API_MESSAGES.passwordReset };
    },
  );

  app.post(
    API_PATHS.clientChangePassword,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: "Change the receiver's password (ends its other sessions)",
        security,
        body: ChangePasswordRequestSchema,
        response: { 200: MessageSchema, ...sessionErrors },
      },
    },
    async (request, reply) => {
      const documento = sessionOf(request).subject;
      await services.receiver.changePassword(documento, request.body.old, request.body.new);
      // The change ends every earlier session, this one included: start a fresh one.
      await services.sessions.open(request, reply, 'client', documento);
      return { message: API_MESSAGES.passwordChanged };
    },
  );

  app.get(
    API_PATHS.clientCompanies,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: 'Issuers that sent documents to this receiver',
        security,
        response: { 200: z.array(IssuerSummarySchema), ...sessionErrors },
      },
    },
    (request) => services.receiver.issuers(sessionOf(request).subject),
  );

  app.post(
    API_PATHS.clientDocuments,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: "The receiver's documents matching a filter, all at once, newest first",
        security,
        body: ClientDocumentsFilterSchema,
        response: { 200: DocumentListSchema, ...sessionErrors },
      },
    },
    (request) => services.receiver.list(sessionOf(request).subject, request.body),
  );

  app.get(
    API_PATHS.clientDocuments,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: "One page of the receiver's documents, by key (newest first by default)",
        security,
        querystring: ClientDocumentsPageQuerySchema,
        response: { 200: DocumentPageSchema, ...sessionErrors },
      },
    },
    (request) => services.receiver.page(sessionOf(request).subject, request.query),
  );

  app.get(
    API_PATHS.clientDocumentResource,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: 'One of the receiver’s documents: info, detail (JSON) or its xml, pdf, cdr file',
        security,
        params: ClientResourceParamsSchema,
        querystring: InlineQuerySchema,
        response: { 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await services.documents.findById(request.params.id);
      // Another receiver's document does not exist, as far as this caller can tell.
      if (row === undefined || row.cliente_doc !== sessionOf(request).subject) {
        throw new AppError('not_found', API_MESSAGES.documentNotFound);
      }
      const consultUrl = `${baseUrl(request, services.config.publicUrl)}/document/login`;
      const resource = await services.files.resource(row, request.params.type, consultUrl);
      return sendResource(reply, resource, request.query.inline === '1');
    },
  );
  done();
};
