import { expect } from 'vitest';
import { createPasswordHasher } from '../../src/auth/passwords.js';
import { ReceiverAccessRepository } from '../../src/modules/receiver-access/receiver-access.repository.js';
import { ReceiversRepository } from '../../src/modules/receiver/receiver.repository.js';
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
 * A verified receiver account (it sees every issuer) stored directly, without
 * registration's proof and RUC checks, answered as a bearer token from the login API.
 */
export async function storedReceiverToken(t: TestApp, receiverRuc: string): Promise<string> {
  const hash = await createPasswordHasher(2 ** 10).hash(RECEIVER_PASSWORD);
  await new ReceiversRepository(t.database.db).insert(
    receiverRuc,
    `CLIENTE ${receiverRuc}`,
    hash,
    new Date(0),
  );
  await new ReceiverAccessRepository(t.database.db).verify(receiverRuc, 'operator', new Date(0));
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { documento: receiverRuc, password: RECEIVER_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`Could not log in ${receiverRuc}: ${login.body}`);
  return login.json<{ token: string }>().token;
}

/**
 * Starts the password rater's worker before a test sets passwords. The first
 * rating loads the dictionaries, which on a busy machine can take longer than
 * a rating may (its worker is then replaced, and the password called weak).
 */
export async function warmPasswordRating(t: TestApp): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await t.services.work.ratePassword('clave-de-prueba', []);
      return;
    } catch {
      // A cold worker over its budget: the next attempt starts another.
    }
  }
}
