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
  ClientLoginRequestSchema,
  ClientRegisteredSchema,
  ClientRegisterRequestSchema,
  ClientResourceParamsSchema,
  DocumentListSchema,
  DocumentPageSchema,
  DocumentTotalsSchema,
  ErrorSchema,
  IssuerSummarySchema,
  LatestDocumentSchema,
  MessageSchema,
  PAGES,
  PasswordChangedSchema,
  PasswordResetConfirmSchema,
  PasswordResetLinkRequestSchema,
  PasswordResetLinkSchema,
  PasswordResetRequestSchema,
  ReceiverAccessSchema,
  TokenResponseSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { attemptOf, attemptSourceOf } from '../../auth/attempt-limiter.js';
import { sessionOf } from '../../auth/session.js';
import { AppError, said } from '../../errors.js';
import { baseUrl, sendResource } from '../../http/request-context.js';
import type { Services } from '../../services.js';
import { InlineQuerySchema } from '../consult/consult.routes.js';
import { loginTarget } from './receiver.service.js';

const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * The original SUFEL client registered with the SOL user and key, which no
 * longer proves anything here: whoever posts without the data of a document
 * gets told, in words, what is needed and where to give it.
 */
function registrationWithoutProof(body: unknown, base: string): AppError | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  if (fields.comprobante !== undefined && fields.comprobante !== null) return null;
  const usedSol = ['usuario_sol', 'clave_sol', 'usuarioSol', 'claveSol'].some(
    (name) => name in fields,
  );
  return new AppError(
    'bad_request',
    said(usedSol ? 'solRegistrationRetiredAt' : 'registrationNeedsProofAt', {
      url: `${base}${PAGES.client.register.href()}`,
    }),
  );
}

/** Receiver companies: their account and every document issued to them. */
export const receiverRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const guard = services.sessions.guard('client');
  const security: Record<string, string[]>[] = [{ bearer: [] }, { clientCookie: [] }];
  const authErrors = { 400: AttemptErrorSchema, 403: ErrorSchema, 429: AttemptErrorSchema };
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
      const version = await services.limiter.pass(
        attemptOf(request, loginTarget(documento)),
        () => services.receiver.checkCredentials(documento, password),
        { kind: 'bad_request', code: 'invalidCredentials' },
      );
      return services.sessions.open(request, reply, 'client', documento, version);
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
        summary:
          'Create a receiver account, proving the RUC receives documents here; the new account is signed in (token +5 h and session cookie)',
        body: ClientRegisterRequestSchema,
        response: { 200: ClientRegisteredSchema, ...authErrors },
      },
      preValidation: (request, _reply, done) => {
        const error = registrationWithoutProof(
          request.body,
          baseUrl(request, services.config.publicUrl),
        );
        done(error ?? undefined);
      },
    },
    async (request, reply) => {
      const {
        documento: receiverRuc,
        nombres: name,
        comprobante: proof,
        ...account
      } = request.body;
      const { version, message } = await services.registration.register(attemptSourceOf(request), {
        receiverRuc,
        name,
        proof,
        password: account.password,
        email: account.email,
        language: account.language,
      });
      const session = await services.sessions.open(request, reply, 'client', receiverRuc, version);
      return { message, ...session };
    },
  );

  app.post(
    API_PATHS.clientResetPassword,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary:
          'Retired: a document proof no longer sets a password. Answers 410 with the way to reset it',
        deprecated: true,
        response: { 410: ErrorSchema },
      },
    },
    () => {
      throw AppError.of('gone', 'proofResetRetired');
    },
  );

  app.post(
    API_PATHS.clientPasswordResetRequest,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary:
          "Mail a reset link (30 min, single use) to the account's confirmed addresses; same answer whether or not it has any",
        body: PasswordResetRequestSchema,
        response: { 200: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const { documento } = request.body;
      services.clientEmails.requireMail();
      // Every request counts, so nobody can flood an account's mailbox with links.
      await services.limiter.attempt(attemptOf(request, `reset:${documento}`), async () => {
        await services.passwordReset.request(documento);
        return null;
      });
      return { message: API_MESSAGES.passwordResetRequested };
    },
  );

  app.post(
    API_PATHS.clientPasswordResetLink,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary:
          'Whether a mailed reset link still works (unused, not expired), and the RUC it resets; the token goes in the body so it stays out of request logs',
        body: PasswordResetLinkRequestSchema,
        response: { 200: PasswordResetLinkSchema, ...authErrors },
      },
    },
    async (request) => {
      const { token } = request.body;
      // Dead links count against the address that tries them, like failed logins.
      const tokenKey = createHash('sha256').update(token).digest('base64url').slice(0, 22);
      const documento = await services.limiter.pass(
        attemptOf(request, `reset-link:${tokenKey}`),
        () => services.passwordReset.accountOf(token),
        { kind: 'bad_request', code: 'invalidLink' },
      );
      return { documento };
    },
  );

  app.post(
    API_PATHS.clientPasswordResetConfirm,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary: 'Set a new password with the token of a mailed reset link; ends every session',
        body: PasswordResetConfirmSchema,
        response: { 200: MessageSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      await services.passwordReset.confirm(request.body.token, request.body.password);
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
        summary:
          "Change the receiver's password: ends every other session; this one goes on with the token (and cookie) answered",
        security,
        body: ChangePasswordRequestSchema,
        response: { 200: PasswordChangedSchema, ...sessionErrors },
      },
    },
    async (request, reply) => {
      const documento = sessionOf(request).subject;
      const version = await services.receiver.changePassword(
        documento,
        request.body.old,
        request.body.new,
      );
      // The change ends every earlier session, this one included: start a fresh one.
      const session = await services.sessions.open(request, reply, 'client', documento, version);
      return { message: API_MESSAGES.passwordChanged, ...session };
    },
  );

  app.get(
    API_PATHS.clientCompanies,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: 'Issuers that sent documents to this receiver, among those the account sees',
        security,
        response: { 200: z.array(IssuerSummarySchema), ...sessionErrors },
      },
    },
    (request) => services.receiver.issuers(sessionOf(request).subject),
  );

  app.get(
    API_PATHS.clientIssuers,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary:
          'What the account sees: every issuer (verified RUC) or the issuers it proved, and how to get verified',
        security,
        response: { 200: ReceiverAccessSchema, ...sessionErrors },
      },
    },
    (request) => services.receiverAccess.view(sessionOf(request).subject),
  );

  app.post(
    API_PATHS.clientIssuers,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary:
          "Agregar emisor: prove one document of an issuer (as at registration) to see that issuer's documents; limited like a consultation",
        security,
        body: ClientIssuerAddRequestSchema,
        response: { 200: ClientIssuerAddedSchema, ...sessionErrors, ...authErrors },
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
    API_PATHS.clientDocumentsTotals,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary:
          "How many of the receiver's documents match a filter, and their sums per currency (voided left out, credit notes subtract)",
        security,
        querystring: ClientExportFilterSchema,
        response: { 200: DocumentTotalsSchema, ...sessionErrors },
      },
    },
    (request) => services.receiver.totals(sessionOf(request).subject, request.query),
  );

  app.get(
    API_PATHS.clientDocumentsLatest,
    {
      onRequest: guard,
      schema: {
        tags: ['client'],
        summary: "Date of the receiver's most recent document, for the list's default range",
        security,
        response: { 200: LatestDocumentSchema, ...sessionErrors },
      },
    },
    (request) => services.receiver.latest(sessionOf(request).subject),
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
      const resource = await services.documentResources.serve(
        { by: 'receiver', receiver: sessionOf(request).subject, documentId: request.params.id },
        request.params.type,
      );
      return sendResource(reply, resource, request.query.inline === '1');
    },
  );
  done();
};
