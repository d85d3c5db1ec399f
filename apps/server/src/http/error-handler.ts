import { API_MESSAGES } from '@sufel/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TooManyAttemptsError } from '../auth/attempt-limiter.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../errors.js';
import { FileStoreUnavailableError } from '../file-store/file-store.js';
import {
  databaseUnavailable,
  fileStoreErrors,
  throttledAttempts,
} from '../observability/metrics.js';
import type { WebShell } from '../plugins/web-app.js';

/** A dropped connection is replaced at once and a restarting server is back in seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own 4xx errors, in the words our users read. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: API_MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_MESSAGES.invalidJson,
  FST_ERR_CTP_BODY_TOO_LARGE: API_MESSAGES.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no soportado: envíe JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud declarada del cuerpo no coincide.',
};

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

function validationMessage(issues: ValidationIssue[]): string {
  const [first] = issues;
  const message = first?.message ?? 'Datos inválidos.';
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  return field === '' ? message : `${message} (campo: ${field})`;
}

/**
 * One place turns every failure into `{ message }`: expected errors pass their
 * Spanish message through, 4xx framework errors get ours, a database out of
 * reach is a 503 to retry, and anything else is logged with its request and
 * answered as a bare 500 without details.
 */
export function registerErrorHandling(app: FastifyInstance, fileDriver: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof FileStoreUnavailableError) {
      fileStoreErrors.inc({ driver: fileDriver, fault: error.fault });
    }
    if (error instanceof AppError) {
      // A 5xx of ours (a store that is down, a render over budget) is the operator's business: log its cause.
      if (error.statusCode >= 500) {
        request.log.warn({ ...error.logFields, err: error.cause ?? error }, error.message);
      }
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.details, message: error.message });
    }
    if (error instanceof TooManyAttemptsError) {
      throttledAttempts.inc();
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send({ message: validationMessage(error.validation as ValidationIssue[]) });
    }
    if (isDatabaseUnavailable(error)) {
      databaseUnavailable.inc();
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: API_MESSAGES.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRAMEWORK_MESSAGES[error.code] ??
        (status === 404 ? API_MESSAGES.notFound : 'Solicitud inválida.');
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: API_MESSAGES.internalError });
  });
}

/** Unknown paths: the web app's deep links get the app page; everything else a JSON 404. */
export function registerNotFound(app: FastifyInstance, shell: WebShell | null): void {
  app.setNotFoundHandler((request, reply) => {
    const served = shell?.serveDeepLink(request, reply) ?? false;
    return served === false ? reply.code(404).send({ message: API_MESSAGES.notFound }) : served;
  });
}
