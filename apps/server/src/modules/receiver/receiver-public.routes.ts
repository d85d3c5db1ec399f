import {
  API_MESSAGES,
  API_PATHS,
  AttemptErrorSchema,
  ClientLoginRequestSchema,
  ClientRegisteredSchema,
  ClientRegisterRequestSchema,
  ErrorSchema,
  MessageSchema,
  PAGES,
  PasswordResetConfirmSchema,
  PasswordResetLinkRequestSchema,
  PasswordResetLinkSchema,
  PasswordResetRequestSchema,
  TokenResponseSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { attemptOf, attemptSourceOf } from '../../auth/attempt-limiter.js';
import { AppError, said } from '../../errors.js';
import { baseUrl } from '../../http/request-context.js';
import type { Services } from '../../services.js';
import { loginTarget } from './receiver.service.js';

export const AUTH_BODY_LIMIT = 16 * 1024;

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

/** The ways into a receiver account, taken without a session: login, registration, password reset. */
export const receiverPublicRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const authErrors = { 400: AttemptErrorSchema, 403: ErrorSchema, 429: AttemptErrorSchema };

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
      const { documento: receiverRuc, password } = request.body;
      const version = await services.limiter.pass(
        attemptOf(request, loginTarget(receiverRuc)),
        () => services.receiver.checkCredentials(receiverRuc, password),
        { kind: 'bad_request', code: 'invalidCredentials' },
      );
      return services.sessions.open(request, reply, 'client', receiverRuc, version);
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
      const { documento: receiverRuc } = request.body;
      services.receiverEmails.requireMail();
      // Every request counts, so nobody can flood an account's mailbox with links.
      await services.limiter.attempt(attemptOf(request, `reset:${receiverRuc}`), async () => {
        await services.passwordReset.request(receiverRuc);
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
      const receiverRuc = await services.limiter.pass(
        attemptOf(request, `reset-link:${tokenKey}`),
        () => services.passwordReset.accountOf(token),
        { kind: 'bad_request', code: 'invalidLink' },
      );
      return { documento: receiverRuc };
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
  done();
};
