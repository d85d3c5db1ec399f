import { expect } from 'vitest';
import { createPasswordHasher } from '../../src/auth/passwords.js';
import { ClientsRepository } from '../../src/modules/clients/clients.repository.js';
import type { TestApp } from './build-test-app.js';
import { SAMPLES } from './fixtures.js';
import { issuerToken, proofOf, publishSample } from './issuers.js';

export const RECEIVER = SAMPLES.factura3.cliente;
export const RECEIVER_PASSWORD = 'clave-receptor-1';

/** Publishes a document to RECEIVER and registers its account with that proof. */
export async function registerReceiver(
  t: TestApp,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const issuer = await issuerToken(t, SAMPLES.factura3.emisor);
  expect((await publishSample(t, issuer, SAMPLES.factura3)).statusCode).toBe(200);
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/client/register',
    payload: {
      documento: RECEIVER,
      nombres: 'CLIENTE DE PRUEBA S.A.C.',
      password: RECEIVER_PASSWORD,
      repeat_password: RECEIVER_PASSWORD,
      comprobante: proofOf(SAMPLES.factura3),
      ...extra,
    },
  });
  expect(registered.statusCode, registered.body).toBe(200);
}

/** A bearer token of RECEIVER (the password defaults to the registered one). */
export async function receiverToken(t: TestApp, password = RECEIVER_PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { documento: RECEIVER, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}
/**
 * A receiver account stored directly (as registration would store it, without
 * its proof and RUC checks), answered as a bearer token from the login API.
 */
export async function storedReceiverToken(t: TestApp, documento: string): Promise<string> {
  const hash = await createPasswordHasher(2 ** 10).hash(RECEIVER_PASSWORD);
  await new ClientsRepository(t.database.db).insert(
    documento,
    `CLIENTE ${documento}`,
    hash,
    new Date(0),
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { documento, password: RECEIVER_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`Could not log in ${documento}: ${login.body}`);
  return login.json<{ token: string }>().token;
}
