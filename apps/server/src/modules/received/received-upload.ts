import multipart from '@fastify/multipart';
import {
  RECEIVED_MAX_FILES,
  RECEIVED_MESSAGES,
  RECEIVED_UPLOAD_MAX_BYTES,
  RECEIVED_XML_MAX_BYTES,
  RECEIVED_ZIP_MAX_BYTES,
} from '@sufel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import path from 'node:path';
import { AppError, type Said } from '../../errors.js';
import type { UploadedFile } from './received-files.js';

/**
 * Multipart parsing for the upload of received documents only, registered in
 * the route's own scope: up to RECEIVED_MAX_FILES parts `files`, each cut off
 * at the largest size a ZIP may have.
 */
export async function acceptReceivedUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      files: RECEIVED_MAX_FILES,
      fileSize: RECEIVED_ZIP_MAX_BYTES,
      fields: 20,
      parts: RECEIVED_MAX_FILES + 20,
    },
    throwFileSizeLimit: false,
  });
}

/** The rest of the body is never read: the connection closes with the answer. */
function refuseWhole(request: FastifyRequest, what: Said): AppError {
  request.raw.unpipe();
  request.raw.pause();
  return new AppError('payload_too_large', what, { connection: 'close' });
}

/** The name a part is listed by: its own, without any folder, or a made-up one. */
function nameOf(filename: string, position: number): string {
  const base = path
    .basename(filename.replace(/\\/g, '/'))
    .replace(/\p{Cc}/gu, '')
    .trim();
  return base === '' ? `archivo-${position}` : base.slice(0, 255);
}

function limitOf(name: string): { bytes: number; message: string } {
  return /\.xml$/i.test(name)
    ? { bytes: RECEIVED_XML_MAX_BYTES, message: RECEIVED_MESSAGES.xmlTooLarge }
    : { bytes: RECEIVED_ZIP_MAX_BYTES, message: RECEIVED_MESSAGES.zipTooLarge };
}

const LIMIT_ERRORS = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The parts `files`, each read up to its size limit as it streams in: a file
 * over it is listed as refused and the rest of it skipped, and a body over
 * RECEIVED_UPLOAD_MAX_BYTES is refused whole, without reading further.
 */
export async function readReceivedUpload(request: FastifyRequest): Promise<UploadedFile[]> {
  const declared = Number(request.headers['content-length'] ?? 0);
  // The multipart envelope adds a few hundred bytes a file.
  if (declared > RECEIVED_UPLOAD_MAX_BYTES + 1024 * 1024) {
    throw refuseWhole(request, { code: 'receivedTooLarge', message: RECEIVED_MESSAGES.tooLarge });
  }
  if (!request.isMultipart()) throw new AppError('bad_request', 'receivedFilesMissing');
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      const name = nameOf(part.filename, files.length + 1);
      const limit = limitOf(name);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        total += chunk.length;
        if (total > RECEIVED_UPLOAD_MAX_BYTES)
          throw refuseWhole(request, {
            code: 'receivedTooLarge',
            message: RECEIVED_MESSAGES.tooLarge,
          });
        if (size <= limit.bytes) chunks.push(chunk);
      }
      files.push(
        size > limit.bytes || part.file.truncated
          ? { name, bytes: new Uint8Array(), refusal: limit.message }
          : { name, bytes: Buffer.concat(chunks) },
      );
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && LIMIT_ERRORS.has(code)) {
      throw refuseWhole(request, {
        code: 'receivedTooManyFiles',
        message: RECEIVED_MESSAGES.tooManyFiles,
      });
    }
    throw new AppError('bad_request', 'receivedFilesMissing');
  }
  if (files.length === 0) throw new AppError('bad_request', 'receivedFilesMissing');
  return files;
}
