import { API_MESSAGES, API_PATHS } from '@sufel/contract';

/** The parts of an OpenAPI operation whose answers are described here. */
interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, Answer>;
}
interface Answer {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown; example?: unknown }>;
}

function isErrorRef(schema: unknown): boolean {
  return (schema as { $ref?: unknown } | null)?.$ref === ERROR_REF;
}

const ERROR_REF = '#/components/schemas/Error';

/** A real message for each error status, shown as the example of its `{ message }`. */
const EXAMPLE_MESSAGES: Readonly<Record<string, string>> = {
  '400': API_MESSAGES.invalidJson,
  '401': API_MESSAGES.sessionExpired,
  '403': API_MESSAGES.forbiddenScope,
  '404': API_MESSAGES.notFound,
  '413': API_MESSAGES.payloadTooLarge,
  '429': API_MESSAGES.tooManyAttempts,
  '503': API_MESSAGES.databaseUnavailable,
  [`post ${API_PATHS.companyDocuments} 409`]: API_MESSAGES.publishConflict,
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', example: 5 },
  },
};

/** What each status means wherever it is answered; the `message` (Spanish) says the rest. */
const MEANINGS: Readonly<Record<string, string>> = {
  '200': 'Done: the answer below.',
  '202': 'Accepted: the work goes on in the background; ask again for its result.',
  '400':
    'The request is not valid: a field is missing or malformed, or the JSON cannot be read. `message` says which field and why.',
  '401':
    'Not authenticated: the token (or session cookie) is missing, expired, revoked or belongs to a disabled account. Log in again.',
  '403':
    'Authenticated, but not allowed: the account or token may not do this, the X-XSRF-TOKEN header of a browser session is missing, or the feature is turned off.',
  '404': 'Not found: no such resource, or it is not visible to this account.',
  '409': 'Conflicts with what is stored now; `message` says what to do.',
  '410': 'Gone: this way was retired; `message` names the one to use.',
  '413': 'The request body is larger than this route accepts.',
  '429':
    'Too many attempts: wait the seconds in Retry-After, or solve the challenge `challengeRequired` asks for (GET /api/challenge).',
  '503':
    'The service cannot answer now (the database or file store is out of reach, or an outside service is down); retry after the seconds in Retry-After.',
};

/** Where a route's status means something more precise than the general meaning. */
const SPECIFIC_MEANINGS: Readonly<Record<string, string>> = {
  [`post ${API_PATHS.companyDocuments} 409`]:
    'This series and number was already published with a different XML. Sending the same XML again is not a conflict: it answers 200 with `nuevo: false`.',
  [`post ${API_PATHS.companyDocuments} 413`]:
    'The request body is larger than 48 MB (a 10 MB XML and a 20 MB PDF, once base64 has grown them), or a file is larger than its limit.',
  [`post ${API_PATHS.companyDocumentsBatch} 413`]:
    'The request body is larger than 64 MB: send the documents in smaller batches.',
  [`post ${API_PATHS.companyTokens} 409`]:
    'The issuer already holds the most API tokens allowed: revoke one first.',
};

/** Every route checks its input, and every route under /api or /file reads the database. */
function statusesOf(path: string, operation: Operation): string[] {
  const statuses: string[] = [];
  const served = path.startsWith('/api/') || path.startsWith('/file/');
  if (served) statuses.push('400');
  if (operation.security !== undefined) statuses.push('401');
  if (path.includes('{')) statuses.push('404');
  if (operation.requestBody !== undefined) statuses.push('413');
  if (served) statuses.push('503');
  return statuses;
}

/**
 * Gives every operation the error answers its route can give, each with what it
 * means, so the routes declare only the answers particular to them.
 */
export function describeAnswers(paths: Record<string, Record<string, Operation>>): void {
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const responses = (operation.responses ??= {});
      for (const status of statusesOf(path, operation)) {
        responses[status] ??= {
          description: '',
          content: { 'application/json': { schema: { $ref: ERROR_REF } } },
        };
      }
      for (const [status, answer] of Object.entries(responses)) {
        const meaning = SPECIFIC_MEANINGS[`${method} ${path} ${status}`] ?? MEANINGS[status];
        if (answer.description === 'Default Response' || answer.description === '') {
          answer.description = meaning ?? `HTTP ${status}`;
        }
        if (status === '429' || status === '503') answer.headers ??= RETRY_AFTER;
        const json = answer.content?.['application/json'];
        const example = EXAMPLE_MESSAGES[`${method} ${path} ${status}`] ?? EXAMPLE_MESSAGES[status];
        if (json !== undefined && isErrorRef(json.schema) && example !== undefined) {
          json.example ??= { message: example };
        }
      }
    }
  }
}
