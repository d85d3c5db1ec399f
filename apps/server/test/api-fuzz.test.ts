import { API_MESSAGES, API_PATHS, RESOURCE_TYPES } from '@sufel/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentBytes,
  fuzzParameters,
  ublMutation,
} from '../../../packages/ubl/test/ubl-mutations.js';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { fixture, SAMPLES } from './helpers/fixtures.js';
import { ISSUER_PASSWORD, issuerToken, proofOf, publishSample } from './helpers/issuers.js';

/**
 * Whatever arrives, the API answers it without a 5xx: mutated real documents
 * through publishing, and random or half-right JSON, queries and path values
 * through every path of the contract, with and without each kind of credential.
 */

const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../packages/ubl/test/fixtures');
const RECEIVER = SAMPLES.factura3.cliente;
const RECEIVER_PASSWORD = 'clave-receptor-1';

interface Base {
  /** The issuer whose token publishes it. */
  ruc: string;
  text: string;
}

/** Values that sit at or beyond a limit of some column, type or format. */
const ODD_VALUES: readonly unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFE',
  '😀',
  'x'.repeat(21),
  'x'.repeat(255),
  'x'.repeat(5_000),
  '9999999999',
  '2147483648',
  '99999999999',
  '-1',
  '0',
  '1e308',
  '12345678901234567.89',
  '99999999999999999999.999',
  '-8.44',
  '2024-02-30',
  '0000-01-01',
  '0099-12-31',
  '9999-12-31',
  '99999-01-01',
  '2024-11-25T25:00:00Z',
  '2024-11-25T00:00:00+99:99',
  'F001-9999999999',
  'F001-0',
  'FFFFF-1',
  '20606433094',
  '20415932376',
  '../../etc/passwd',
  '%00',
  'zip',
  'pdf',
  'SELECT 1;--',
  2 ** 31,
  2 ** 53 + 1,
  -1,
  0,
  1e308,
  -1e-308,
  1.005,
  Number('12345678901234567.89'),
  true,
  null,
  [],
  {},
  ['a', 'b'],
  { nested: { deeper: ['x'] } },
];

function oddValue0(): fc.Arbitrary<unknown> {
  return fc.constantFrom(...ODD_VALUES);
}

/** Page cursors are unsigned base64url JSON: forged ones carry values beyond the columns. */
const forgedCursor: fc.Arbitrary<string> = fc
  .oneof(
    fc.tuple(
      fc.constant('fecha'),
      fc.constantFrom('2024-13-45', '2024-02-30', '0000-00-00', '2024-11-25'),
      fc.constantFrom(1, 2 ** 31, 2 ** 53 - 1),
    ),
    fc.tuple(
      fc.constant('total'),
      fc.constantFrom('9999999999999999.99', '1.00'),
      fc.constantFrom(1, 2 ** 31, 2 ** 53 - 1),
    ),
    fc.tuple(oddValue0(), oddValue0(), oddValue0()),
  )
  .map((cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url'));

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...ODD_VALUES), weight: 4 },
  { arbitrary: forgedCursor, weight: 1 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
);

const oddText: fc.Arbitrary<string> = oddValue.map((value) =>
  typeof value === 'string' ? value : JSON.stringify(value),
);

type Credential = 'none' | 'admin' | 'issuer' | 'client' | 'document';

interface Endpoint {
  method: InjectOptions['method'];
  path: string;
  credential: Credential;
  /** A valid body or query to start from; fields get replaced by odd values. */
  template?: Record<string, unknown>;
  /** The template goes in the query string rather than the body. */
  inQuery?: boolean;
}

const proof = proofOf(SAMPLES.factura3);
const DOCUMENT_KEY = { tipo: '01', serie: 'F001', correlativo: '3' };

/** The operations of the contract, each with a body that would pass. */
const OPERATIONS: readonly Endpoint[] = [
  {
    method: 'POST',
    path: API_PATHS.companies,
    credential: 'admin',
    template: { ruc: '20100454523', nombre: 'EMPRESA', password: 'clave-segura-1' },
  },
  { method: 'GET', path: API_PATHS.companies, credential: 'admin' },
  {
    method: 'PATCH',
    path: API_PATHS.company,
    credential: 'admin',
    template: { nombre: 'OTRA', habilitado: true, password: 'clave-segura-2' },
  },
  {
    method: 'PATCH',
    path: API_PATHS.adminClient,
    credential: 'admin',
    template: { password: 'clave-segura-3' },
  },
  {
    method: 'POST',
    path: API_PATHS.companyAuth,
    credential: 'none',
    template: { ruc: SAMPLES.factura3.emisor, password: 'clave-equivocada' },
  },
  {
    method: 'POST',
    path: API_PATHS.companyDocuments,
    credential: 'issuer',
    template: { xml: 'PEludm9pY2UvPg==', pdf: '', cdr: '' },
  },
  {
    method: 'POST',
    path: API_PATHS.companyDocumentsBatch,
    credential: 'issuer',
    template: { documents: [{ xml: 'PEludm9pY2UvPg==', pdf: '' }] },
  },
  {
    method: 'PATCH',
    path: API_PATHS.companyDocuments,
    credential: 'issuer',
    template: { tipo: '01', serie: 'F999', correlativo: '1' },
  },
  {
    method: 'GET',
    path: API_PATHS.companyDocuments,
    credential: 'issuer',
    template: { start: '2024-01-01', end: '2024-12-31' },
    inQuery: true,
  },
  {
    method: 'POST',
    path: API_PATHS.companyChangePassword,
    credential: 'issuer',
    template: { old: 'clave-equivocada', new: 'clave-nueva-123' },
  },
  { method: 'POST', path: API_PATHS.documentAuth, credential: 'none', template: proof },
  { method: 'POST', path: API_PATHS.documentLogout, credential: 'document' },
  {
    method: 'GET',
    path: API_PATHS.documentResource,
    credential: 'document',
    template: { inline: '1' },
    inQuery: true,
  },
  {
    method: 'POST',
    path: API_PATHS.clientLogin,
    credential: 'none',
    template: { documento: RECEIVER, password: 'clave-equivocada' },
  },
  { method: 'POST', path: API_PATHS.clientLogout, credential: 'client' },
  {
    method: 'POST',
    path: API_PATHS.clientRegister,
    credential: 'none',
    template: {
      documento: RECEIVER,
      nombres: 'CLIENTE',
      password: 'clave-segura-4',
      repeat_password: 'clave-segura-4',
      comprobante: proof,
      email: 'a@b.pe',
      language: 'es',
    },
  },
  {
    method: 'POST',
    path: API_PATHS.clientResetPassword,
    credential: 'none',
    template: {
      documento: RECEIVER,
      password: 'clave-segura-5',
      repeat_password: 'clave-segura-5',
      comprobante: proof,
    },
  },
  {
    method: 'POST',
    path: API_PATHS.clientChangePassword,
    credential: 'client',
    template: { old: 'clave-equivocada', new: 'clave-nueva-123', repeat: 'clave-nueva-123' },
  },
  { method: 'GET', path: API_PATHS.clientEmails, credential: 'client' },
  {
    method: 'POST',
    path: API_PATHS.clientEmails,
    credential: 'client',
    template: { address: 'facturas@empresa.pe', language: 'es' },
  },
  { method: 'DELETE', path: API_PATHS.clientEmail, credential: 'client' },
  {
    method: 'POST',
    path: API_PATHS.clientEmailConfirmation,
    credential: 'none',
    template: { token: 'abc' },
  },
  {
    method: 'POST',
    path: API_PATHS.clientPasswordResetRequest,
    credential: 'none',
    template: { documento: RECEIVER, language: 'es' },
  },
  {
    method: 'POST',
    path: API_PATHS.clientPasswordResetConfirm,
    credential: 'none',
    template: { token: 'abc', password: 'clave-segura-6', repeat_password: 'clave-segura-6' },
  },
  { method: 'GET', path: API_PATHS.clientCompanies, credential: 'client' },
  {
    method: 'POST',
    path: API_PATHS.clientDocuments,
    credential: 'client',
    template: {
      start: '2024-01-01',
      end: '2024-12-31',
      emisor: SAMPLES.factura3.emisor,
      tipoDoc: '01',
      serie: 'F001',
      correlativo: '3',
    },
  },
  {
    method: 'GET',
    path: API_PATHS.clientDocuments,
    credential: 'client',
    template: {
      start: '2024-01-01',
      end: '2024-12-31',
      emisor: SAMPLES.factura3.emisor,
      tipoDoc: '01',
      serie: 'F001',
      correlativo: '3',
      limit: '10',
      cursor: Buffer.from(JSON.stringify(['total', '1.00', 1])).toString('base64url'),
      sort: 'total',
      dir: 'asc',
    },
    inQuery: true,
  },
  {
    method: 'GET',
    path: API_PATHS.clientDocumentsExport,
    credential: 'client',
    template: { format: 'csv', start: '2024-01-01', end: '2024-12-31', ...DOCUMENT_KEY },
    inQuery: true,
  },
  {
    method: 'GET',
    path: API_PATHS.clientDocumentsExportCount,
    credential: 'client',
    template: { start: '2024-01-01', end: '2024-12-31' },
    inQuery: true,
  },
  {
    method: 'GET',
    path: API_PATHS.clientDocumentResource,
    credential: 'client',
    template: { inline: '1' },
    inQuery: true,
  },
  {
    method: 'GET',
    path: API_PATHS.signedFile,
    credential: 'none',
    template: { expires: '9999999999', signature: 'x' },
    inQuery: true,
  },
  {
    method: 'GET',
    path: API_PATHS.challenge,
    credential: 'none',
    template: { target: 'login' },
    inQuery: true,
  },
  { method: 'GET', path: API_PATHS.config, credential: 'none' },
  { method: 'GET', path: API_PATHS.health, credential: 'none' },
  { method: 'GET', path: API_PATHS.healthReady, credential: 'none' },
];

const METHODS: readonly InjectOptions['method'][] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/** Every path of the contract with every method, for what is not an operation. */
const ALL_PATHS = Object.values(API_PATHS).filter((route) => route !== API_PATHS.metrics);

/** A right value pushed past some limit: what half-right clients send. */
function pushedPastLimit(value: unknown): fc.Arbitrary<unknown> {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return fc.constantFrom(
    `${text}\u0000`,
    `\u0000${text}`,
    text.repeat(300),
    ` ${text} `,
    `${text}9999999999`,
    `-${text}`,
    text.toLowerCase(),
    Number(text) * 1e20,
    [value],
    { value },
  );
}

/** Values aimed at what a field means: dates past the calendar, numbers past the columns. */
const FIELD_VALUES: Readonly<Record<string, fc.Arbitrary<unknown>>> = {
  cursor: forgedCursor,
  start: fc.constantFrom(
    '0000-01-01',
    '0099-12-31',
    '9999-12-31',
    '2024-02-30',
    '275760-09-13',
    '2024-11-25T29:00:00Z',
    '+002024-01-01',
  ),
  end: fc.constantFrom(
    '0000-01-01',
    '9999-12-31',
    '1900-01-01T00:00:00+14:00',
    '2024-11-25T00:00:00.123456789Z',
  ),
  fecha: fc.constantFrom('0100-01-01', '9999-12-31', '2024-02-30', '2024-11-25T04:59:59Z'),
  total: fc.constantFrom(
    '9999999999999999.99',
    '10000000000000000',
    '12345678901234567.89',
    1e16,
    Number('9999999999999999.99'),
    '-0.00',
    '0.005',
  ),
  correlativo: fc.constantFrom(
    '9999999999',
    '2147483648',
    '99999999',
    2 ** 31,
    9999999999,
    '00000000001',
  ),
  documento: fc.constantFrom(
    'F001-9999999999',
    'F001-2147483648',
    'F001-00000000001',
    '20415932376'.repeat(2),
  ),
  limit: fc.constantFrom('0', '-1', '501', '2147483648', '1e3', '1.5', '99999999999999999999'),
  id: fc.constantFrom('2147483648', '-1', '0', '1e3'),
};

/** A template with some fields replaced, pushed past a limit, removed or added. */
function mutatedTemplate(template: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...Object.keys(template), 'extra', '__proto__', 'constructor'];
  const change = fc.constantFrom(...keys).chain((key) =>
    fc.tuple(
      fc.constant(key),
      fc.oneof(
        { arbitrary: oddValue, weight: 3 },
        { arbitrary: pushedPastLimit(template[key] ?? ''), weight: 3 },
        {
          arbitrary: Object.hasOwn(FIELD_VALUES, key) ? FIELD_VALUES[key]! : oddValue,
          weight: 3,
        },
        { arbitrary: fc.constant(undefined), weight: 1 },
      ),
    ),
  );
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const body: Record<string, unknown> = structuredClone(template);
    for (const [key, value] of changes) {
      if (value === undefined) delete body[key];
      else {
        Object.defineProperty(body, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return body;
  });
}

/** A nested proof with one of its fields made odd. */
function withOddProof(template: Record<string, unknown>) {
  return fc
    .constantFrom(...(Object.keys(proof) as (keyof typeof proof)[]))
    .chain((key) => fc.tuple(fc.constant(key), fc.oneof(oddValue, pushedPastLimit(proof[key]))))
    .map(([key, value]) => ({ ...template, comprobante: { ...proof, [key]: value } }));
}

/** A path value as a client would put it in a URL; raw when it starts with '%' (bad escapes). */
function pathSegment(value: string): string {
  if (value.startsWith('%')) return value;
  return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
}

const remoteAddress = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);

const ODD_SEGMENTS = ['x'.repeat(300), '%00', '%ZZ', '%E0%A4%A', '..', '-1', '0'];

/** Each path parameter gets values aimed at what it names, and sometimes anything. */
const PARAM_VALUES: Readonly<Record<string, fc.Arbitrary<string>>> = {
  id: fc.constantFrom('1', '2', '2147483647', '2147483648', '99999999999999999999', '1e3', '1.5'),
  type: fc.constantFrom(...RESOURCE_TYPES, 'zip'),
  ruc: fc.constantFrom('20606433094', '20606433095', RECEIVER, '2060643309'),
  documento: fc.constantFrom(RECEIVER, '20606433094', '99999999999999999999'),
  hash: fc.constantFrom('abc.def', 'MS45OTk5OTk5OTk5.x', 'x'.repeat(1_001)),
};

function pathOf(route: string): fc.Arbitrary<string> {
  const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const values = names.map((name) =>
    fc.oneof(
      { arbitrary: PARAM_VALUES[name] ?? oddText, weight: 4 },
      { arbitrary: fc.constantFrom(...ODD_SEGMENTS), weight: 1 },
      { arbitrary: oddText, weight: 1 },
    ),
  );
  return fc.tuple(...values).map((chosen) => {
    let index = 0;
    return route.replace(/:\w+/g, () => pathSegment(chosen[index++]!));
  });
}

interface Request {
  method: InjectOptions['method'];
  path: string;
  credential: Credential;
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string>;
  remoteAddress: string;
}

function asQuery(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
    ]),
  );
}

const operationRequest: fc.Arbitrary<Request> = fc
  .constantFrom(...OPERATIONS)
  .chain((operation) => {
    const template = operation.template ?? {};
    const values = operation.template?.comprobante
      ? fc.oneof(mutatedTemplate(template), withOddProof(template))
      : mutatedTemplate(template);
    return fc.record({
      operation: fc.constant(operation),
      values,
      path: pathOf(operation.path),
      credential: fc.oneof(
        { arbitrary: fc.constant(operation.credential), weight: 4 },
        {
          arbitrary: fc.constantFrom<Credential>('none', 'admin', 'issuer', 'client', 'document'),
          weight: 1,
        },
      ),
      remoteAddress,
    });
  })
  .map(({ operation, values, path, credential, remoteAddress }) => ({
    method: operation.method,
    path,
    credential,
    ...(operation.inQuery ? { query: asQuery(values) } : { body: values }),
    remoteAddress,
  }));

const randomRequest: fc.Arbitrary<Request> = fc.record({
  method: fc.constantFrom(...METHODS),
  path: fc.constantFrom(...ALL_PATHS).chain(pathOf),
  credential: fc.constantFrom<Credential>('none', 'admin', 'issuer', 'client', 'document'),
  body: fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), oddValue),
  ),
  query: fc.dictionary(
    fc.constantFrom(
      'start',
      'end',
      'limit',
      'cursor',
      'format',
      'token',
      'inline',
      'sort',
      'dir',
      'expires',
      'x',
    ),
    oddText,
    { maxKeys: 4 },
  ),
  remoteAddress,
});

const rawRequest: fc.Arbitrary<Request> = fc.record({
  method: fc.constantFrom<InjectOptions['method']>('POST', 'PATCH'),
  path: fc.constantFrom(...ALL_PATHS).map((route) => route.replace(/:\w+/g, '1')),
  credential: fc.constantFrom<Credential>('none', 'admin', 'issuer', 'client'),
  rawBody: fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom(
      '{',
      '{"a":',
      '[]',
      'null',
      '"x"',
      '1e999',
      '{"__proto__":{"x":1}}',
      `{"a":${'['.repeat(5_000)}`,
    ),
  ),
  remoteAddress,
});

describe('the API under fuzzing', () => {
  let t: TestApp;
  const logLines: string[] = [];
  const tokens: Partial<Record<Credential, string>> = {};
  const issuers = new Map<string, string>();
  let bases: Base[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    t = await buildTestApp({ logLines });
    const names = (await readdir(FIXTURES_DIR)).filter((name) => /\.xml$/i.test(name));
    for (const ruc of new Set(names.map((name) => /^\d{11}/.exec(name)?.[0]).filter(Boolean))) {
      const token = await issuerToken(t, ruc!).catch(() => null);
      if (token !== null) issuers.set(ruc!, token);
    }
    bases = await Promise.all(
      names
        .filter((name) => issuers.has(name.slice(0, 11)))
        .map(async (name) => ({
          ruc: name.slice(0, 11),
          text: (await fixture(name)).toString('latin1'),
        })),
    );
    const gasper = issuers.get(SAMPLES.factura3.emisor)!;
    expect((await publishSample(t, gasper, SAMPLES.factura3)).statusCode).toBe(200);
    const registered = await t.app.inject({
      method: 'POST',
      url: API_PATHS.clientRegister,
      payload: {
        documento: RECEIVER,
        nombres: 'CLIENTE',
        password: RECEIVER_PASSWORD,
        repeat_password: RECEIVER_PASSWORD,
        comprobante: proof,
      },
    });
    expect(registered.statusCode).toBe(200);
    await restoreAccounts();
  });

  /**
   * Cases may log out, change passwords or disable the issuer: the accounts
   * get their passwords back through the admin API and fresh tokens, so later
   * cases still reach past authentication.
   */
  async function restoreAccounts(): Promise<void> {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const restored = await Promise.all([
      t.app.inject({
        method: 'PATCH',
        url: `/api/clients/${RECEIVER}`,
        headers: admin,
        payload: { password: RECEIVER_PASSWORD },
      }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/companies/${SAMPLES.factura3.emisor}`,
        headers: admin,
        payload: { password: ISSUER_PASSWORD, habilitado: true },
      }),
    ]);
    expect(restored.map((response) => response.statusCode)).toEqual([200, 200]);
    const [client, issuer, document] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: API_PATHS.clientLogin,
        payload: { documento: RECEIVER, password: RECEIVER_PASSWORD },
      }),
      t.app.inject({
        method: 'POST',
        url: API_PATHS.companyAuth,
        payload: { ruc: SAMPLES.factura3.emisor, password: ISSUER_PASSWORD },
      }),
      t.app.inject({ method: 'POST', url: API_PATHS.documentAuth, payload: proof }),
    ]);
    tokens.admin = ADMIN_TOKEN;
    tokens.client = client.json<{ token: string }>().token;
    tokens.issuer = issuer.json<{ token: string }>().token;
    tokens.document = document.json<{ token: string }>().token;
    issuers.set(SAMPLES.factura3.emisor, tokens.issuer);
  }

  /** Whether a request may have ended a session or changed a password. */
  function mayRevoke(request: Request, response: LightMyRequestResponse): boolean {
    return (
      request.method !== 'GET' &&
      response.statusCode < 300 &&
      /logout|password|companies|clients/.test(request.path)
    );
  }

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await t?.close();
  });

  /**
   * Fails with what the server logged about the 5xx, so the cause shows. A
   * printed PDF over its time budget is answered 503 by design (a heavy
   * document on a loaded machine), with Retry-After: that is capacity, not input.
   */
  function expectNo5xx(response: LightMyRequestResponse, what: string): void {
    if (response.statusCode < 500) return;
    if (
      response.statusCode === 503 &&
      response.headers['retry-after'] !== undefined &&
      [API_MESSAGES.pdfUnavailable, API_MESSAGES.serverBusy].some(
        (message) => message === response.json<{ message: string }>().message,
      )
    ) {
      return;
    }
    const logged = logLines.filter((line) => line.includes('"level":50') || line.includes('"err"'));
    throw new Error(
      `${what} answered ${response.statusCode} ${response.body}\n${logged.slice(-2).join('\n')}`,
    );
  }

  async function send(request: Request): Promise<LightMyRequestResponse> {
    const token = request.credential === 'none' ? undefined : tokens[request.credential];
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const options: InjectOptions = {
      method: request.method,
      url: request.path,
      headers,
      remoteAddress: request.remoteAddress,
      ...(request.query ? { query: request.query } : {}),
    };
    if (request.rawBody !== undefined) {
      headers['content-type'] = 'application/json';
      options.payload = request.rawBody;
    } else if (request.body !== undefined && request.method !== 'GET') {
      options.payload = JSON.stringify(request.body) ?? 'null';
      headers['content-type'] = 'application/json';
    }
    return t.app.inject(options);
  }

  it(
    'publishes or refuses mutated real documents, never with a 5xx',
    { timeout: 180_000 },
    async () => {
      const publication = fc.record({
        base: fc.constantFrom(...bases),
        mutations: fc.array(ublMutation, { maxLength: 3 }),
        pdf: fc.oneof(
          fc.constant(''),
          fc
            .constantFrom('%PDF-1.4 x', 'no es pdf', '%%%', '====')
            .map((text) => Buffer.from(text).toString('base64')),
          fc.constantFrom('***', 'QQ', 'x'.repeat(10)),
        ),
        cdr: fc.oneof(
          fc.constant(''),
          fc.constantFrom(
            'efact_cdr1.xml',
            'R-20600995805-01-F001-3.xml',
            'R-20100454523-01-F001-00004355.zip',
          ),
        ),
        batch: fc.boolean(),
        remoteAddress,
      });
      await fc.assert(
        fc.asyncProperty(
          publication,
          async ({ base, mutations, pdf, cdr, batch, remoteAddress }) => {
            const text = mutations.reduce((current, mutate) => mutate(current), base.text);
            const bytes = Buffer.from(documentBytes(text));
            const files = {
              xml: bytes.toString('base64'),
              pdf,
              cdr: cdr === '' ? '' : (await fixture(cdr)).toString('base64'),
            };
            const response = await t.app.inject({
              method: 'POST',
              url: batch ? API_PATHS.companyDocumentsBatch : API_PATHS.companyDocuments,
              headers: { authorization: `Bearer ${issuers.get(base.ruc)}` },
              payload: batch ? { documents: [files, files] } : files,
              remoteAddress,
            });
            expectNo5xx(response, `publishing ${text.slice(0, 120)}`);
            if (response.statusCode !== 200 || batch) return;
            // What was accepted must also be shown: the printed PDF is drawn from the XML.
            const printed = await t.app.inject({
              method: 'GET',
              url: new URL(response.json<{ pdf: string }>().pdf).pathname,
            });
            expectNo5xx(printed, `printing ${text.slice(0, 120)}`);
          },
        ),
        fuzzParameters('publish fuzz', 500),
      );
      expect(unhandled).toEqual([]);
    },
  );

  it(
    'answers random and half-right JSON on every path without a 5xx',
    { timeout: 180_000 },
    async () => {
      const request = fc.oneof(
        { arbitrary: operationRequest, weight: 8 },
        { arbitrary: randomRequest, weight: 3 },
        { arbitrary: rawRequest, weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(request, async (sent) => {
          const response = await send(sent);
          if (mayRevoke(sent, response)) await restoreAccounts();
          expectNo5xx(
            response,
            `${sent.method} ${sent.path} ${JSON.stringify(sent.query ?? sent.body ?? sent.rawBody)?.slice(0, 300)}`,
          );
        }),
        fuzzParameters('API fuzz', 1_200),
      );
      expect(unhandled).toEqual([]);
    },
  );
});
