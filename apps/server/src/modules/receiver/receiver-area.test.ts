import { API_MESSAGES, API_PATHS } from '@sufel/contract';
import Fastify, { type FastifyPluginAsync, type FastifyPluginCallback } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { storedIssuerToken } from '../../../test/helpers/issuers.js';
import type { Services } from '../../services.js';
import { noticeUnsubscribeRoutes } from '../notices/notice-unsubscribe.routes.js';
import { emailConfirmationRoutes } from '../receiver-emails/email-confirmation.routes.js';
import { receiverArea } from './receiver-area.js';
import { receiverPublicRoutes } from './receiver-public.routes.js';

type Plugin =
  FastifyPluginAsync<{ services: Services }> | FastifyPluginCallback<{ services: Services }>;

interface Operation {
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
}

/** Every route a plugin registers, as "METHOD /url", HEAD routes Fastify derives included. */
async function routesOf(plugins: Plugin[], services: Services): Promise<string[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
  });
  for (const plugin of plugins) await app.register(plugin, { services });
  await app.ready();
  await app.close();
  return routes;
}

/** A request to the route with every path parameter filled in. */
function requestTo(route: string) {
  const [method = '', url = ''] = route.split(' ');
  return { method: method as 'GET', url: url.replace(/:\w+/g, '1') };
}

/** The operation of the OpenAPI document that describes a route. */
function docsKey(route: string): string {
  const [method = '', url = ''] = route.split(' ');
  return `${method} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

describe('the signed-in receiver area', () => {
  let t: TestApp;
  let area: string[];
  let publicRoutes: string[];
  let docs: Map<string, Operation>;

  beforeAll(async () => {
    t = await buildTestApp();
    area = await routesOf([receiverArea], t.services);
    publicRoutes = await routesOf(
      [receiverPublicRoutes, emailConfirmationRoutes, noticeUnsubscribeRoutes],
      t.services,
    );
    const response = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` });
    const document = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    docs = new Map(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]): [string, Operation] => [
          `${method.toUpperCase()} ${path}`,
          operation,
        ]),
      ),
    );
  });
  afterAll(() => t.close());

  it('holds the receiver routes that need a session, and none of the public ones', () => {
    expect(area.length).toBeGreaterThan(40);
    expect(area).toEqual(
      expect.arrayContaining([
        `POST ${API_PATHS.clientChangePassword}`,
        `GET ${API_PATHS.clientDocuments}`,
        `GET ${API_PATHS.clientEmails}`,
        `PATCH ${API_PATHS.clientNotices}`,
        `GET ${API_PATHS.clientInbox}`,
        `POST ${API_PATHS.clientReconciliations}`,
      ]),
    );
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        `POST ${API_PATHS.clientLogin}`,
        `POST ${API_PATHS.clientLogout}`,
        `POST ${API_PATHS.clientRegister}`,
        `POST ${API_PATHS.clientResetPassword}`,
        `POST ${API_PATHS.clientPasswordResetRequest}`,
        `POST ${API_PATHS.clientPasswordResetLink}`,
        `POST ${API_PATHS.clientPasswordResetConfirm}`,
        `POST ${API_PATHS.clientEmailConfirmation}`,
        `GET ${API_PATHS.noticeUnsubscribe}`,
        `POST ${API_PATHS.noticeUnsubscribe}`,
      ]),
    );
    expect(area.filter((route) => publicRoutes.includes(route))).toEqual([]);
  });

  it('answers 401 on every route of the area without a session', async () => {
    const answers = await Promise.all(
      area.map(async (route) => {
        const response = await t.app.inject(requestTo(route));
        const body = route.startsWith('HEAD ') ? null : response.json<unknown>();
        return { route, status: response.statusCode, body };
      }),
    );
    for (const { route, status, body } of answers) {
      expect({ route, status }).toEqual({ route, status: 401 });
      if (body === null) continue;
      expect(body, route).toEqual({ code: 'unauthorized', message: API_MESSAGES.unauthorized });
    }
  });

  it('answers a session of another kind with 401 as well', async () => {
    const token = await storedIssuerToken(t, '20100000001');
    const response = await t.app.inject({
      method: 'GET',
      url: API_PATHS.clientDocumentsLatest,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('lets the public receiver routes be reached without a session', async () => {
    for (const route of publicRoutes) {
      const response = await t.app.inject(requestTo(route));
      expect({ route, status: response.statusCode }).not.toEqual({ route, status: 401 });
    }
  });

  it('shows every route of the area in /docs as needing a receiver session', () => {
    const documented = area.filter((route) => docs.has(docsKey(route)));
    expect(documented.length).toBeGreaterThan(40);
    for (const route of documented) {
      const operation = docs.get(docsKey(route));
      expect(operation?.tags, route).toEqual(['client']);
      expect(operation?.security, route).toEqual([{ bearer: [] }, { clientCookie: [] }]);
      expect(Object.keys(operation?.responses ?? {}), route).toContain('401');
    }
  });

  it('leaves no receiver route in /docs outside the area but the public ones', () => {
    const client = [...docs].filter(([, operation]) => operation.tags?.includes('client'));
    const known = new Set([...area, ...publicRoutes].map(docsKey));
    expect(client.map(([key]) => key).filter((key) => !known.has(key))).toEqual([]);
  });
});
