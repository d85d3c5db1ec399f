/**
 * The signed-in receiver's area: every route registered inside it is guarded
 * by one session hook, so no route of it can be added unguarded. Public ways
 * in (login, registration, password reset, mailed links) stay outside.
 * @see https://fastify.dev/docs/latest/Reference/Encapsulation/
 */
import { ErrorSchema } from '@sufel/contract';
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import type { Services } from '../../services.js';
import { backgroundExportRoutes } from '../export/background-exports.routes.js';
import { exportRoutes } from '../export/export.routes.js';
import { inboxRoutes } from '../inbox/inbox.routes.js';
import { moneyRoutes } from '../money/money.routes.js';
import { noticesRoutes } from '../notices/notices.routes.js';
import { receivedRoutes } from '../received/received.routes.js';
import { receiverEmailsRoutes } from '../receiver-emails/receiver-emails.routes.js';
import { reconciliationRoutes } from '../reconciliation/reconciliation.routes.js';
import { sunatValidityRoutes } from '../sunat-validity/sunat-validity.routes.js';
import { receiverRoutes } from './receiver.routes.js';

const TAGS = ['client'];
/** The ways to present the session. */
const SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { clientCookie: [] }];
/** The answers a session can end in. */
const SESSION_ERRORS = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/**
 * Shows in /docs what the guard adds to a route. A route that declares its own
 * 401 has described its failures itself (a document's file), and keeps them
 * as declared.
 */
function describeSession(route: RouteOptions): void {
  const schema = route.schema ?? {};
  const response = (schema.response ?? {}) as Record<string, unknown>;
  route.schema = {
    ...schema,
    tags: schema.tags ?? TAGS,
    security: schema.security ?? SECURITY,
    response: Object.hasOwn(response, 401) ? response : { ...SESSION_ERRORS, ...response },
  };
}

export const receiverArea: FastifyPluginAsync<{ services: Services }> = async (
  app,
  { services },
) => {
  app.addHook('onRequest', services.sessions.guard('client'));
  app.addHook('onRoute', describeSession);

  await app.register(receiverRoutes, { services });
  await app.register(exportRoutes, { services });
  await app.register(backgroundExportRoutes, { services });
  await app.register(moneyRoutes, { services });
  await app.register(receiverEmailsRoutes, { services });
  await app.register(noticesRoutes, { services });
  await app.register(inboxRoutes, { services });
  await app.register(receivedRoutes, { services });
  await app.register(sunatValidityRoutes, { services });
  await app.register(reconciliationRoutes, { services });
};
