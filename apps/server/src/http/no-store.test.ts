import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../test/helpers/fixtures.js';
import { ISSUER_PASSWORD, issuerToken, proofOf } from '../../test/helpers/issuers.js';
import {
  RECEIVER,
  RECEIVER_PASSWORD,
  receiverToken,
  registerReceiver,
} from '../../test/helpers/receivers.js';

describe('Cache-Control on API answers', () => {
  let t: TestApp;
  let issuer: string;
  let receiver: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t);
    issuer = await issuerToken(t, SAMPLES.factura3.emisor);
    receiver = await receiverToken(t);
  });
  afterAll(() => t.close());

  const asReceiver = () => ({ authorization: `Bearer ${receiver}` });
  const asIssuer = () => ({ authorization: `Bearer ${issuer}` });

  const answers: [string, () => InjectOptions, number][] = [
    [
      'a receiver login',
      () => ({
        method: 'POST',
        url: '/api/client/login',
        payload: { documento: RECEIVER, password: RECEIVER_PASSWORD },
      }),
      200,
    ],
    [
      'a refused login',
      () => ({
        method: 'POST',
        url: '/api/client/login',
        payload: { documento: RECEIVER, password: 'otra-clave-9' },
      }),
      400,
    ],
    [
      'an issuer login',
      () => ({
        method: 'POST',
        url: '/api/company/auth',
        payload: { ruc: SAMPLES.factura3.emisor, password: ISSUER_PASSWORD },
      }),
      200,
    ],
    [
      'a consultation token',
      () => ({ method: 'POST', url: '/api/document/auth', payload: proofOf(SAMPLES.factura3) }),
      200,
    ],
    [
      'a page of documents',
      () => ({ method: 'GET', url: '/api/client/documents', headers: asReceiver() }),
      200,
    ],
    [
      'the list of documents',
      () => ({
        method: 'POST',
        url: '/api/client/documents',
        payload: { start: '2024-01-01', end: '2024-12-31' },
        headers: asReceiver(),
      }),
      200,
    ],
    [
      'the e-mail addresses',
      () => ({ method: 'GET', url: '/api/client/emails', headers: asReceiver() }),
      200,
    ],
    [
      "the receiver's issuers",
      () => ({ method: 'GET', url: '/api/client/companies', headers: asReceiver() }),
      200,
    ],
    [
      "the issuer's documents",
      () => ({
        method: 'GET',
        url: '/api/company/documents?start=2024-01-01&end=2024-12-31',
        headers: asIssuer(),
      }),
      200,
    ],
    [
      "the operator's list of issuers",
      () => ({
        method: 'GET',
        url: '/api/companies',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      }),
      200,
    ],
    ['a challenge', () => ({ method: 'GET', url: '/api/challenge' }), 200],
    ['the web configuration', () => ({ method: 'GET', url: '/api/config' }), 200],
    ['a request without a session', () => ({ method: 'GET', url: '/api/client/documents' }), 401],
    ['an unknown API path', () => ({ method: 'GET', url: '/api/nothing-here' }), 404],
  ];

  it.each(answers)('is no-store on %s', async (_case, request, status) => {
    const response = await t.app.inject(request());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['cache-control']).toMatch(/(^|[ ,])no-store($|,)/);
  });

  it('leaves answers outside the API to their own rules', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});
