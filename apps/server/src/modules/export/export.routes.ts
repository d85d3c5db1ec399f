import {
  API_PATHS,
  ClientExportFilterSchema,
  ClientExportQuerySchema,
  ErrorSchema,
  EXPORT_MAX_DOCUMENTS,
  ExportCountSchema,
  XLSX_MAX_DOCUMENTS,
} from '@sufel/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';
import type { ExportDownload } from './export.service.js';

function exportHeaders(reply: FastifyReply, download: Omit<ExportDownload, 'body'>): FastifyReply {
  return reply
    .type(download.contentType)
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-export-count', String(download.count));
}

/** A receiver's documents in bulk: the files as a ZIP, the purchase list as CSV or XLSX. */
export const exportRoutes: FastifyPluginCallbackZod<{ services: Services }> = (
  app,
  { services },
  done,
) => {
  app.get(
    API_PATHS.clientDocumentsExportCount,
    {
      schema: {
        summary: 'How many documents an export with this filter would hold',
        querystring: ClientExportFilterSchema,
        response: { 200: ExportCountSchema, 429: ErrorSchema },
      },
    },
    async (request) => ({
      count: await services.exports.count(sessionOf(request).subject, request.query),
      limit: EXPORT_MAX_DOCUMENTS,
      limits: { zip: EXPORT_MAX_DOCUMENTS, xlsx: XLSX_MAX_DOCUMENTS, csv: null },
    }),
  );

  // Declared before the GET so it replaces the HEAD Fastify would derive from
  // it, which would build the whole export only to throw it away.
  app.head(
    API_PATHS.clientDocumentsExport,
    {
      schema: {
        summary: 'The headers of an export (X-Export-Count, name, type) without building it',
        querystring: ClientExportQuerySchema,
        response: { 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const description = await services.exports.describe(
        sessionOf(request).subject,
        format,
        filter,
      );
      return exportHeaders(reply, description).send();
    },
  );

  app.get(
    API_PATHS.clientDocumentsExport,
    {
      schema: {
        summary: `The filtered documents, newest first: ZIP of files (at most ${EXPORT_MAX_DOCUMENTS}), or the purchase list as XLSX (at most ${XLSX_MAX_DOCUMENTS}) or CSV (any number)`,
        description:
          'Streamed while it is built. A file that cannot be read ends the download with an error, never with a shorter file.',
        querystring: ClientExportQuerySchema,
        response: { 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const receiverRuc = sessionOf(request).subject;
      const release = services.exportLimiter.admit(receiverRuc);
      try {
        const { format, ...filter } = request.query;
        const download = await services.exports.open(receiverRuc, format, filter);
        reply.raw.once('close', release);
        download.body.once('error', (error) => {
          request.log.error({ err: error }, 'export ended by an error');
        });
        return exportHeaders(reply, download).send(download.body);
      } catch (error) {
        release();
        throw error;
      }
    },
  );
  done();
};
