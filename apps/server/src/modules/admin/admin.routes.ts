import {
  AdminTokenQuerySchema,
  API_MESSAGES,
  API_PATHS,
  ClientDocumentoParamsSchema,
  ClientUpdatedSchema,
  ClientUpdateRequestSchema,
  CompanyAdminViewSchema,
  CompanyCreateRequestSchema,
  CompanyUpdateRequestSchema,
  ErrorSchema,
  MessageSchema,
  RucParamsSchema,
} from '@sufel/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Services } from '../../services.js';

function presentedToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer?.[1] !== undefined) return bearer[1];
  const query = request.query as { token?: unknown };
  return typeof query.token === 'string' ? query.token : undefined;
}

/** The operator's token: `?token=` as the legacy API took it, or a Bearer header. */
function requireAdmin(adminToken: string | undefined): onRequestHookHandler {
  return (request, _reply, done) => {
    if (adminToken === undefined) {
      done(new AppError('forbidden', 'adminDisabled'));
      return;
    }
    const given = Buffer.from(presentedToken(request) ?? '');
    const expected = Buffer.from(adminToken);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      done(new AppError('unauthorized', 'invalidAdminToken'));
      return;
    }
    done();
  };
}

const adminErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const adminOnly = requireAdmin(services.config.adminToken);
  const security: Record<string, string[]>[] = [{ adminToken: [] }, { bearer: [] }];

  app.post(
    API_PATHS.companies,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Register an issuer',
        security,
        querystring: AdminTokenQuerySchema,
        body: CompanyCreateRequestSchema,
        response: { 200: MessageSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { ruc, nombre, password } = request.body;
      await services.admin.createIssuer(ruc, nombre, password);
      return { message: API_MESSAGES.companyCreated };
    },
  );

  app.get(
    API_PATHS.companies,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'List issuers',
        security,
        querystring: AdminTokenQuerySchema,
        response: { 200: z.array(CompanyAdminViewSchema), ...adminErrors },
      },
    },
    () => services.admin.listIssuers(),
  );

  app.patch(
    API_PATHS.company,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Rename, enable or disable an issuer, or set its password',
        security,
        params: RucParamsSchema,
        querystring: AdminTokenQuerySchema,
        body: CompanyUpdateRequestSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, ...adminErrors },
      },
    },
    async (request) => {
      await services.admin.updateIssuer(request.params.ruc, request.body);
      return { message: API_MESSAGES.companyUpdated };
    },
  );

  app.patch(
    API_PATHS.adminClient,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          "Verify a receiver's RUC (it sees every issuer; an account opened by document proof alone gets a new password, answered once) and/or set its password; either ends its sessions",
        security,
        params: ClientDocumentoParamsSchema,
        querystring: AdminTokenQuerySchema,
        body: ClientUpdateRequestSchema,
        response: { 200: ClientUpdatedSchema, 404: ErrorSchema, ...adminErrors },
      },
    },
    (request) => services.receiverAccess.operatorUpdate(request.params.documento, request.body),
  );
  done();
};
