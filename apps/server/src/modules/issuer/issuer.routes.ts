import {
  API_MESSAGES,
  API_PATHS,
  AttemptErrorSchema,
  ChangePasswordRequestSchema,
  CompanyAuthRequestSchema,
  DateRangeQuerySchema,
  DocumentListSchema,
  ErrorSchema,
  FILE_TYPES,
  MessageSchema,
  PasswordChangedSchema,
  PUBLISH_BATCH_MAX,
  PublishBatchRequestSchema,
  PublishBatchResponseSchema,
  PublishRequestSchema,
  PublishResponseSchema,
  TokenResponseSchema,
  VoidRequestSchema,
  type PublishResponse,
} from '@sufel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { attemptOf } from '../../auth/attempt-limiter.js';
import { sessionOf } from '../../auth/session.js';
import { baseUrl } from '../../http/request-context.js';
import type { Services } from '../../services.js';
import type { PublishResult } from './publish.service.js';

/** Enough for a 10 MB XML and a 20 MB PDF once base64 has grown them by a third. */
const PUBLISH_BODY_LIMIT = 48 * 1024 * 1024;
/** A batch carries many ordinary documents, not many of the largest possible ones. */
const PUBLISH_BATCH_BODY_LIMIT = 64 * 1024 * 1024;
const AUTH_BODY_LIMIT = 16 * 1024;

export const issuerRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const guard = services.sessions.guard('company');
  const security: Record<string, string[]>[] = [{ bearer: [] }];
  const sessionErrors = { 400: ErrorSchema, 401: ErrorSchema };

  function publishedLinks(request: FastifyRequest, result: PublishResult): PublishResponse {
    const types = FILE_TYPES.filter((type) => type !== 'cdr' || result.hasCdr);
    const urls = services.links.urls(baseUrl(request, services.config.publicUrl), result.id, types);
    return {
      xml: urls.xml,
      pdf: urls.pdf,
      ...(result.hasCdr ? { cdr: urls.cdr } : {}),
      id: result.id,
      nuevo: result.created,
      firma: result.signature,
      ...(result.signature === 'invalida' ? { aviso: API_MESSAGES.invalidSignature } : {}),
    };
  }

  app.post(
    API_PATHS.companyAuth,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ['issuer'],
        summary: 'Issuer login: RUC + password → token (+2 days)',
        body: CompanyAuthRequestSchema,
        response: { 200: TokenResponseSchema, 400: AttemptErrorSchema, 429: AttemptErrorSchema },
      },
    },
    async (request, reply) => {
      const { ruc, password } = request.body;
      const version = await services.limiter.pass(
        attemptOf(request, `issuer:${ruc}`),
        () => services.issuer.checkCredentials(ruc, password),
        { kind: 'bad_request', code: 'invalidCredentials' },
      );
      return services.sessions.open(request, reply, 'company', ruc, version);
    },
  );

  app.post(
    API_PATHS.companyDocuments,
    {
      bodyLimit: PUBLISH_BODY_LIMIT,
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary: 'Publish a document (XML, optional PDF and CDR, base64); idempotent',
        security,
        body: PublishRequestSchema,
        response: {
          200: PublishResponseSchema,
          ...sessionErrors,
          409: ErrorSchema,
          413: ErrorSchema,
        },
      },
    },
    async (request) => {
      const result = await services.publisher.publish({
        issuerRuc: sessionOf(request).subject,
        ...request.body,
      });
      return publishedLinks(request, result);
    },
  );

  app.post(
    API_PATHS.companyDocumentsBatch,
    {
      bodyLimit: PUBLISH_BATCH_BODY_LIMIT,
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary: `Publish up to ${PUBLISH_BATCH_MAX} documents in one request; each one succeeds or fails on its own`,
        security,
        body: PublishBatchRequestSchema,
        response: { 200: PublishBatchResponseSchema, ...sessionErrors, 413: ErrorSchema },
      },
    },
    async (request) => {
      const outcomes = await services.publisher.publishMany(
        sessionOf(request).subject,
        request.body.documents,
      );
      return {
        results: outcomes.map((outcome) =>
          outcome.ok
            ? { status: 200 as const, ...publishedLinks(request, outcome) }
            : { status: outcome.error.statusCode, message: outcome.error.message },
        ),
      };
    },
  );

  app.patch(
    API_PATHS.companyDocuments,
    {
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary: 'Void a document ("dar de baja"): it stays, marked voided',
        security,
        body: VoidRequestSchema,
        response: { 200: MessageSchema, ...sessionErrors },
      },
    },
    async (request) => {
      await services.issuer.voidDocument(sessionOf(request).subject, request.body);
      return { message: API_MESSAGES.voided };
    },
  );

  app.get(
    API_PATHS.companyDocuments,
    {
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary: "The issuer's documents issued between two dates",
        security,
        querystring: DateRangeQuerySchema,
        response: { 200: DocumentListSchema, ...sessionErrors },
      },
    },
    (request) =>
      services.issuer.list(sessionOf(request).subject, request.query.start, request.query.end),
  );

  app.post(
    API_PATHS.companyChangePassword,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary: "Change the issuer's password",
        security,
        body: ChangePasswordRequestSchema,
        response: { 200: PasswordChangedSchema, ...sessionErrors },
      },
    },
    async (request, reply) => {
      const ruc = sessionOf(request).subject;
      const version = await services.issuer.changePassword(ruc, request.body.old, request.body.new);
      // The change ends every earlier session; the one that made it goes on with a fresh token.
      const session = await services.sessions.open(request, reply, 'company', ruc, version);
      return { message: API_MESSAGES.passwordChanged, ...session };
    },
  );
  done();
};
