import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { challengeRoutes } from './auth/challenges.routes.js';
import { limitBodilessRoutes } from './http/body-limits.js';
import { registerErrorHandling, registerNotFound } from './http/error-handler.js';
import { startEventLoopMetrics } from './http/event-loop-metrics.js';
import { acceptEmptyJsonBodies } from './http/json-body.js';
import { loggerOptions } from './http/logging.js';
import { neverCacheApiAnswers } from './http/no-store.js';
import { echoRequestId, requestIdOf } from './http/request-id.js';
import { refuseNulCharacters } from './http/text-input.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { consultRoutes } from './modules/consult/consult.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { issuerTokensRoutes } from './modules/issuer-tokens/issuer-tokens.routes.js';
import { issuerRoutes } from './modules/issuer/issuer.routes.js';
import { noticeUnsubscribeRoutes } from './modules/notices/notice-unsubscribe.routes.js';
import { emailConfirmationRoutes } from './modules/receiver-emails/email-confirmation.routes.js';
import { receiverArea } from './modules/receiver/receiver-area.js';
import { receiverPublicRoutes } from './modules/receiver/receiver-public.routes.js';
import { registerMetrics } from './observability/metrics.routes.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurity } from './plugins/security.js';
import { DEFAULT_WEB_DIR, registerWebApp } from './plugins/web-app.js';
import type { Services } from './services.js';

/** The whole request, body included: the largest publish (about 40 MB) fits on a slow link. */
const REQUEST_TIMEOUT_MS = 120_000;
const HEADERS_TIMEOUT_MS = 15_000;

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
    // A client that trickles its headers or body cannot hold a connection for ever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    genReqId: requestIdOf,
    // One line per request is for debugging; by default the console shows what matters.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  startEventLoopMetrics();
  // Closing stops the workers first: a request waiting on a render answers at once.
  app.addHook('preClose', () => services.work.close());
  acceptEmptyJsonBodies(app);
  limitBodilessRoutes(app);
  refuseNulCharacters(app);
  echoRequestId(app);
  neverCacheApiAnswers(app);
  registerMetrics(app, services);

  registerErrorHandling(app, services.fileStore.driver);
  await registerSecurity(app, config.publicUrl?.startsWith('https://') === true);
  await app.register(fastifyCookie);
  await registerOpenApi(app);

  await app.register(healthRoutes, { services });
  await app.register(adminRoutes, { services });
  await app.register(issuerRoutes, { services });
  await app.register(issuerTokensRoutes, { services });
  await app.register(consultRoutes, { services });
  await app.register(receiverPublicRoutes, { services });
  await app.register(emailConfirmationRoutes, { services });
  await app.register(noticeUnsubscribeRoutes, { services });
  await app.register(receiverArea, { services });
  await app.register(challengeRoutes, { services });
  await app.register(filesRoutes, { services });

  // Queued mail is sent while the app runs, and the sender stops before the database closes.
  const { mailWorker } = services;
  if (mailWorker !== null) {
    app.addHook('onReady', (done) => {
      mailWorker.start(app.log);
      done();
    });
    app.addHook('onClose', () => mailWorker.stop());
  }
  const { digestJob } = services;
  if (digestJob !== null) {
    app.addHook('onReady', (done) => {
      digestJob.start(app.log);
      done();
    });
    app.addHook('onClose', () => digestJob.stop());
  }

  // Jobs run while the app runs; running ones go back to the queue before the database closes.
  const { jobWorker } = services;
  app.addHook('onReady', () => jobWorker.start(app.log));
  app.addHook('onReady', () => services.retention.schedule());
  app.addHook('onReady', () => services.backgroundExports.schedulePurge());
  app.addHook('onClose', () => jobWorker.stop());

  // Mail is taken in only while the app runs, and no longer once it begins to close.
  const { smtpListener } = services;
  if (smtpListener !== null) {
    app.addHook('onReady', () => smtpListener.start(app.log));
    app.addHook('preClose', () => smtpListener.stop());
  }
  const { imapPoller } = services;
  if (imapPoller !== null) {
    app.addHook('onReady', (done) => {
      imapPoller.start(app.log);
      done();
    });
    app.addHook('preClose', () => imapPoller.stop());
  }
  const { sharedCounters } = services;
  if (sharedCounters !== null) {
    sharedCounters.logTo(app.log);
    app.addHook('onClose', () => sharedCounters.close());
  }

  const shell = await registerWebApp(app, config.webDir ?? DEFAULT_WEB_DIR, config.web);
  registerNotFound(app, shell);
  return app;
}
