import {
  API_PATHS,
  ErrorSchema,
  MessageSchema,
  RECEIVED_MESSAGES,
  ReceivedDocumentParamsSchema,
  ReceivedUploadSchema,
} from '@sufel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../auth/session.js';
import type { Services } from '../../services.js';
import { acceptReceivedUploads, readReceivedUpload } from './received-upload.js';

/** Documents the receiver adds to its archive itself. */
export const receivedRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await acceptReceivedUploads(app);
  app.post(
    API_PATHS.clientReceived,
    {
      // The multipart reader holds each file, and the whole body, to its own limits.
      bodyLimit: Number.MAX_SAFE_INTEGER,
      schema: {
        summary:
          'Add received documents (multipart parts `files`: XML, or ZIP of XML with their CDR and PDF): the outcome of every file',
        consumes: ['multipart/form-data'],
        response: { 200: ReceivedUploadSchema, 413: ErrorSchema },
      },
    },
    async (request) => {
      const files = await readReceivedUpload(request);
      return { items: await services.received.upload(sessionOf(request).subject, files) };
    },
  );

  app.delete(
    API_PATHS.clientReceivedDocument,
    {
      schema: {
        summary:
          'Remove a copy the account added (uploaded or by mail): it leaves every view, and is kept RETENTION_YEARS before it is purged',
        params: ReceivedDocumentParamsSchema,
        response: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      await services.retention.remove(sessionOf(request).subject, request.params.id);
      return { message: RECEIVED_MESSAGES.removed };
    },
  );
};
