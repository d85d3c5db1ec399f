import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerErrorHandling, registerNotFound } from './http/error-handler.js';
import { acceptEmptyJsonBodies } from './http/json-body.js';
import { loggerOptions } from './http/logging.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { consultRoutes } from './modules/consult/consult.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { issuerRoutes } from './modules/issuer/issuer.routes.js';
import { receiverRoutes } from './modules/receiver/receiver.routes.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { DEFAULT_WEB_DIR, registerWebApp } from './plugins/web-app.js';
import type { Services } from './services.js';

export interface BuildOptions {
  services: Services;
  logger?: FastifyServerOptions['logger'];
}

/** Assembles the application: infrastructure, then services, then routes. It does not listen. */
export async function buildApp({ services, logger }: BuildOptions): Promise<FastifyInstance> {
  const { config } = services;
  // Validation messages not written in the contract come out in Spanish too.
  z.config(z.locales.es());
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request is for debugging; by default the console shows what matters.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  acceptEmptyJsonBodies(app);

  registerErrorHandling(app);
  await registerSecurity(app, config.publicUrl?.startsWith('https://') === true);
  await app.register(fastifyCookie);
  await registerOpenApi(app);

  await app.register(healthRoutes, { services });
  await app.register(adminRoutes, { services });
  await app.register(issuerRoutes, { services });
  await app.register(consultRoutes, { services });
  await app.register(receiverRoutes, { services });
  await app.register(filesRoutes, { services });

  const shell = await registerWebApp(app, config.webDir ?? DEFAULT_WEB_DIR, config.web);
  registerNotFound(app, shell);
  return app;
}
