import { API_MESSAGES, type ApiMessageKey, type PlainMessageKey } from '@sufel/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { TooManyAttemptsError } from '../auth/attempt-limiter.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, said, type Said } from '../errors.js';
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
const FRAMEWORK_MESSAGES: Readonly<Record<string, PlainMessageKey>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLengthMismatch',
};

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

function validationMessage(issues: ValidationIssue[]): Said {
  const [first] = issues;
  const reason = first?.message ?? API_MESSAGES.invalidData;
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
  return field === ''
    ? said('validationFailed', { reason })
    : said('validationFailedField', { reason, field });
}

/** The body of every error answer: its Spanish message, and the catalogue key it comes from. */
function answer(code: ApiMessageKey, message: string = API_MESSAGES[code]) {
  return { message, code };
}

/**
 * One place turns every failure into `{ message, code }`: expected errors pass
 * their Spanish message through, 4xx framework errors get ours, a database out
 * of reach is a 503 to retry, and anything else is logged with its request and
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
        .send({ ...error.details, ...answer(error.code, error.message) });
    }
    if (error instanceof TooManyAttemptsError) {
      throttledAttempts.inc();
      return reply
        .code(429)
        .header('retry-after', String(error.retryAfterSeconds))
        .send(answer(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { code, message } = validationMessage(error.validation as ValidationIssue[]);
      return reply.code(400).send(answer(code, message));
    }
    if (isDatabaseUnavailable(error)) {
      databaseUnavailable.inc();
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(answer('databaseUnavailable'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        FRAMEWORK_MESSAGES[error.code] ?? (status === 404 ? 'notFound' : 'invalidRequest');
      return reply.code(status).send(answer(code));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(answer('internalError'));
  });
}

/** Unknown paths: the web app's deep links get the app page; everything else a JSON 404. */
export function registerNotFound(app: FastifyInstance, shell: WebShell | null): void {
  app.setNotFoundHandler((request, reply) => {
    const served = shell?.serveDeepLink(request, reply) ?? false;
    return served === false ? reply.code(404).send(answer('notFound')) : served;
  });
}
