import multipart from '@fastify/multipart';
import { RECONCILIATION_MAX_BYTES } from '@sufel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { ProposalUpload } from './reconciliation.service.js';

/**
 * Multipart parsing for the proposal upload only, registered in the routes'
 * own scope: one file part of at most RECONCILIATION_MAX_BYTES.
 */
export async function acceptProposalUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: RECONCILIATION_MAX_BYTES, fields: 5, parts: 6 },
  });
}

/** The rest of the body is never read: the connection closes with the answer. */
function tooLarge(request: FastifyRequest): AppError {
  request.raw.unpipe();
  request.raw.pause();
  return new AppError('payload_too_large', 'reconciliationTooLarge', {
    connection: 'close',
  });
}

/**
 * The part `file`, read up to the size limit: a declared length over it is
 * refused before reading anything, and a body that grows past it is cut off
 * there, never read whole.
 */
export async function readProposalUpload(request: FastifyRequest): Promise<ProposalUpload> {
  const declared = Number(request.headers['content-length'] ?? 0);
  // The multipart envelope adds a few hundred bytes to the file.
  if (declared > RECONCILIATION_MAX_BYTES + 64 * 1024) throw tooLarge(request);
  if (!request.isMultipart()) throw new AppError('bad_request', 'reconciliationFileMissing');
  const part = await request.file().catch(() => {
    throw new AppError('bad_request', 'reconciliationFileMissing');
  });
  if (part === undefined || part.fieldname !== 'file') {
    part?.file.resume();
    throw new AppError('bad_request', 'reconciliationFileMissing');
  }
  const file = part.file;
  // The parser marks the limit as it reaches it, then would skip the rest of the body: stop there.
  const overLimit = new Promise<never>((_, reject) =>
    file.once('limit', () => {
      file.destroy();
      reject(tooLarge(request));
    }),
  );
  const reading = (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of file as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  })();
  reading.catch(() => undefined);
  const bytes = await Promise.race([reading, overLimit]);
  if (file.truncated) throw tooLarge(request);
  return { name: part.filename || 'propuesta', bytes };
}
