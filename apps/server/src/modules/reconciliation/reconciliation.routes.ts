import {
  API_PATHS,
  ErrorSchema,
  MessageSchema,
  MissingXmlSchema,
  RECONCILIATION_MESSAGES,
  ReconciliationExportQuerySchema,
  ReconciliationItemsPageSchema,
  ReconciliationItemsQuerySchema,
  ReconciliationListSchema,
  ReconciliationParamsSchema,
  ReconciliationSchema,
  SireCredentialsRequestSchema,
  SireCredentialsStatusSchema,
  SireDownloadRequestSchema,
  SireFileRequestSchema,
} from '@sufel/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';
import { acceptProposalUploads, readProposalUpload } from './proposal-upload.js';
import type { Download } from './reconciliation.service.js';

const JSON_BODY_LIMIT = 4 * 1024;

function attachment(reply: FastifyReply, download: Omit<Download, 'body'>): FastifyReply {
  return reply
    .type(download.contentType)
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'private, no-store');
}

/** SIRE's purchase-register proposal against the documents the receiver holds here. */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await acceptProposalUploads(app);
  app.post(
    API_PATHS.clientReconciliations,
    {
      // The multipart parser holds the file to its own limit.
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        summary:
          "Import SIRE's RCE proposal (multipart part `file`: TXT, CSV or a ZIP of one): 200 when matched, 202 while a file over 10 000 rows is matched in the background",
        consumes: ['multipart/form-data'],
        response: {
          200: ReconciliationSchema,
          202: ReconciliationSchema,
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

  app.post(
    API_PATHS.clientReconciliationsSire,
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        summary:
          '"Descargar de SUNAT": ask SIRE for the period\'s proposal with the saved SIRE credentials, then match it in the background (202; follow it as an import)',
        body: SireDownloadRequestSchema,
        response: { 202: ReconciliationSchema, 503: ErrorSchema },
      },
    },
    async (request, reply) => {
      const receiverRuc = sessionOf(request).subject;
      // Refused before queuing: without usable credentials the download could only fail.
      await services.sireCredentials.credentials(receiverRuc);
      return reply
        .code(202)
        .send(await services.reconciliations.requestFromSire(receiverRuc, request.body.periodo));
    },
  );

  app.get(
    API_PATHS.clientSireCredentials,
    {
      schema: {
        summary:
          "Whether the receiver's SIRE credentials are saved and work (never the secret nor the SOL password)",
        response: { 200: SireCredentialsStatusSchema },
      },
    },
    (request) => services.sireCredentials.status(sessionOf(request).subject),
  );

  app.put(
    API_PATHS.clientSireCredentials,
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        summary:
          'Save the SIRE credentials, tried at once by asking SUNAT for a SIRE token: 400 when SUNAT refuses them; a token verifies the account',
        body: SireCredentialsRequestSchema,
        response: { 200: SireCredentialsStatusSchema, 503: ErrorSchema },
      },
    },
    (request) => services.sireCredentials.save(sessionOf(request).subject, request.body),
  );

  app.delete(
    API_PATHS.clientSireCredentials,
    {
      schema: {
        summary: "Forget the receiver's SIRE credentials",
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await services.sireCredentials.remove(sessionOf(request).subject);
      return { message: RECONCILIATION_MESSAGES.sireCredentialsRemoved };
    },
  );

  app.get(
    API_PATHS.clientReconciliations,
    {
      schema: {
        summary: "The receiver's latest reconciliations, newest first",
        response: { 200: ReconciliationListSchema },
      },
    },
    (request) => services.reconciliations.list(sessionOf(request).subject),
  );

  app.get(
    API_PATHS.clientReconciliation,
    {
      schema: {
        summary: "A reconciliation's state, progress, counts by group and unreadable rows",
        params: ReconciliationParamsSchema,
        response: { 200: ReconciliationSchema, 404: ErrorSchema },
      },
    },
    (request) => services.reconciliations.find(sessionOf(request).subject, request.params.id),
  );

  app.get(
    API_PATHS.clientReconciliationItems,
    {
      schema: {
        summary:
          'One page of a group: proposed rows in file order, or documents SUNAT did not propose',
        params: ReconciliationParamsSchema,
        querystring: ReconciliationItemsQuerySchema,
        response: { 200: ReconciliationItemsPageSchema, 404: ErrorSchema },
      },
    },
    (request) =>
      services.reconciliations.items(sessionOf(request).subject, request.params.id, request.query),
  );

  app.get(
    API_PATHS.clientReconciliationExport,
    {
      schema: {
        summary: 'The reconciliation as XLSX (a summary and one sheet per group) or one CSV',
        params: ReconciliationParamsSchema,
        querystring: ReconciliationExportQuerySchema,
        response: { 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { body, ...download } = await services.reconciliations.export(
        sessionOf(request).subject,
        request.params.id,
        request.query.format,
      );
      return attachment(reply, download).send(body);
    },
  );

  app.get(
    API_PATHS.clientReconciliationMissingXml,
    {
      schema: {
        summary: 'The rows without XML by supplier, each with a message asking for the XML',
        params: ReconciliationParamsSchema,
        response: { 200: MissingXmlSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    (request) => services.reconciliations.missingXml(sessionOf(request).subject, request.params.id),
  );

  app.post(
    API_PATHS.clientReconciliationSireFile,
    {
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        summary:
          'The file SIRE takes back from chosen rows: include/exclude (RRRRRRRRRRR-RCEINEX-AAAAMM-NN.txt) or complement (RRRRRRRRRRR-CP-AAAAMM-NN.txt)',
        params: ReconciliationParamsSchema,
        body: SireFileRequestSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await services.reconciliations.sireFile(
        sessionOf(request).subject,
        request.params.id,
        request.body,
      );
      return attachment(reply, {
        filename: file.name,
        contentType: 'text/plain; charset=utf-8',
      })
        .header('x-sire-rows', String(file.rows))
        .send(Buffer.from(file.content));
    },
  );

  app.get(
    API_PATHS.clientReconciliationDocuments,
    {
      schema: {
        summary:
          "The files (XML, PDF, CDR) of the documents matched to the proposal's rows, as a ZIP",
        params: ReconciliationParamsSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const receiverRuc = sessionOf(request).subject;
      const release = services.exportLimiter.admit(receiverRuc);
      try {
        const { body, count, ...download } = await services.reconciliations.matchedDocuments(
          receiverRuc,
          request.params.id,
        );
        reply.raw.once('close', release);
        body.once('error', (error) => request.log.error({ err: error }, 'ZIP ended by an error'));
        return attachment(reply, download).header('x-export-count', String(count)).send(body);
      } catch (error) {
        release();
        throw error;
      }
    },
  );
};
