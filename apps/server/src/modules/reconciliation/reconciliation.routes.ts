import {
  API_PATHS,
  ErrorSchema,
  ReconciliationItemsPageSchema,
  ReconciliationItemsQuerySchema,
  ReconciliationListSchema,
  ReconciliationParamsSchema,
  ReconciliationSchema,
} from '@sufel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';
import { acceptProposalUploads, readProposalUpload } from './proposal-upload.js';

/** SIRE's purchase-register proposal against the documents the receiver holds here. */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await acceptProposalUploads(app);
  const guard = services.sessions.guard('client');
  const security: Record<string, string[]>[] = [{ bearer: [] }, { clientCookie: [] }];
  const sessionErrors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
  const tags = ['client'];

  app.post(
    API_PATHS.clientReconciliations,
    {
      onRequest: guard,
      // The multipart parser holds the file to its own limit.
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        tags,
        summary:
          "Import SIRE's RCE proposal (multipart part `file`: TXT, CSV or a ZIP of one): 200 when matched, 202 while a file over 10 000 rows is matched in the background",
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: ReconciliationSchema,
          202: ReconciliationSchema,
          ...sessionErrors,
          409: ErrorSchema,
          413: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const upload = await readProposalUpload(request);
      const { status, reconciliation } = await services.reconciliations.importFile(
        sessionOf(request).subject,
        upload,
      );
      return reply.code(status).send(reconciliation);
    },
  );

  app.get(
    API_PATHS.clientReconciliations,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The receiver's latest reconciliations, newest first",
        security,
        response: { 200: ReconciliationListSchema, ...sessionErrors },
      },
    },
    (request) => services.reconciliations.list(sessionOf(request).subject),
  );

  app.get(
    API_PATHS.clientReconciliation,
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "A reconciliation's state, progress, counts by group and unreadable rows",
        security,
        params: ReconciliationParamsSchema,
        response: { 200: ReconciliationSchema, ...sessionErrors, 404: ErrorSchema },
      },
    },
    (request) => services.reconciliations.find(sessionOf(request).subject, request.params.id),
  );

  app.get(
    API_PATHS.clientReconciliationItems,
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'One page of a group: proposed rows in file order, or documents SUNAT did not propose',
        security,
        params: ReconciliationParamsSchema,
        querystring: ReconciliationItemsQuerySchema,
        response: { 200: ReconciliationItemsPageSchema, ...sessionErrors, 404: ErrorSchema },
      },
    },
    (request) =>
      services.reconciliations.items(sessionOf(request).subject, request.params.id, request.query),
  );
};
