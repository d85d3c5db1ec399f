import {
  API_MESSAGES,
  API_PATHS,
  CompanyTokenCreateRequestSchema,
  CompanyTokenListSchema,
  CompanyTokenParamsSchema,
  CreatedCompanyTokenSchema,
  ErrorSchema,
  MessageSchema,
} from '@sufel/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';

/** An issuer's named API tokens, managed from a password session. */
export const issuerTokensRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  const guard = services.sessions.guard('company', { apiTokens: false });
  const security: Record<string, string[]>[] = [{ bearer: [] }];
  const sessionErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

  app.post(
    API_PATHS.companyTokens,
    {
      bodyLimit: 4096,
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary:
          'Create a named API token, shown only in this answer; send it as `Authorization: Bearer`',
        security,
        body: CompanyTokenCreateRequestSchema,
        response: { 200: CreatedCompanyTokenSchema, ...sessionErrors, 409: ErrorSchema },
      },
    },
    (request) => services.issuerTokens.create(sessionOf(request).subject, request.body.nombre),
  );

  app.get(
    API_PATHS.companyTokens,
    {
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary: "The issuer's API tokens: name, creation and last use, never the token",
        security,
        response: { 200: CompanyTokenListSchema, ...sessionErrors },
      },
    },
    (request) => services.issuerTokens.list(sessionOf(request).subject),
  );

  app.delete(
    API_PATHS.companyToken,
    {
      onRequest: guard,
      schema: {
        tags: ['issuer'],
        summary: 'Revoke an API token: it stops working at once, on every instance',
        security,
        params: CompanyTokenParamsSchema,
        response: { 200: MessageSchema, ...sessionErrors, 404: ErrorSchema },
      },
    },
    async (request) => {
      await services.issuerTokens.revoke(sessionOf(request).subject, request.params.id);
      return { message: API_MESSAGES.companyTokenRevoked };
    },
  );
  done();
};
