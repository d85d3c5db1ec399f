import { ErrorSchema } from '@sufel/contract';
import type { Services } from '../../services.js';

/**
 * What every route of the signed-in receiver's area shares: the session guard,
 * the ways to present the session, the answers a session can end in, and its
 * tag in /docs.
 */
export function receiverArea(services: Services) {
  return {
    guard: services.sessions.guard('client'),
    security: [{ bearer: [] }, { clientCookie: [] }] as Record<string, string[]>[],
    sessionErrors: { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
    tags: ['client'],
  };
}
