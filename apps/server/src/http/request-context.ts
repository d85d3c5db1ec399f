import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '../modules/files/file-access.service.js';

/** Base of absolute links: PUBLIC_URL, or the origin the request came to. */
export function baseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Sends a resource: JSON as is, files as attachments named after the document. */
export function sendResource(
  reply: FastifyReply,
  resource: Resource,
  inline = false,
): FastifyReply {
  reply.header('cache-control', 'private, no-store');
  if (resource.kind !== 'file') return reply.send(resource.body);
  const disposition =
    inline && resource.contentType === 'application/pdf' ? 'inline' : 'attachment';
  return reply
    .type(resource.contentType)
    .header('content-disposition', `${disposition}; filename="${resource.filename}"`)
    .header('content-length', resource.file.size)
    .send(resource.file.body);
}
