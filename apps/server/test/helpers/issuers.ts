import { createPasswordHasher } from '../../src/auth/passwords.js';
import { IssuersRepository } from '../../src/modules/issuer/issuer.repository.js';
import { ADMIN_TOKEN, type TestApp } from './build-test-app.js';
import { fixtureBase64, type Sample } from './fixtures.js';

export const ISSUER_PASSWORD = 'clave-del-emisor-1';

/** Registers an issuer through the admin API and answers its bearer token. */
export async function issuerToken(
  t: TestApp,
  ruc: string,
  nombre = `EMISOR ${ruc}`,
): Promise<string> {
  let created = await t.app.inject({
    method: 'POST',
    url: `/api/companies?token=${ADMIN_TOKEN}`,
    payload: { ruc, nombre, password: ISSUER_PASSWORD },
  });
  // On a busy machine the password rating can run out of time (503): ask again, as a client would.
  for (let retry = 0; created.statusCode === 503 && retry < 5; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    created = await t.app.inject({
      method: 'POST',
      url: `/api/companies?token=${ADMIN_TOKEN}`,
      payload: { ruc, nombre, password: ISSUER_PASSWORD },
    });
  }
  if (created.statusCode !== 200 && created.statusCode !== 400) {
    throw new Error(`Could not create issuer ${ruc}: ${created.body}`);
  }
  const auth = await t.app.inject({
    method: 'POST',
    url: '/api/company/auth',
    payload: { ruc, password: ISSUER_PASSWORD },
  });
  if (auth.statusCode !== 200) throw new Error(`Could not log in issuer ${ruc}: ${auth.body}`);
  return auth.json<{ token: string }>().token;
}

/**
 * An issuer stored directly (as the admin API would store it, without rating
 * its password), answered as a bearer token from the login API.
 */
export async function storedIssuerToken(t: TestApp, ruc: string): Promise<string> {
  const hash = await createPasswordHasher(2 ** 10).hash(ISSUER_PASSWORD);
  await new IssuersRepository(t.database.db).insert(
    { ruc, nombre: `EMISOR ${ruc}`, passwordHash: hash },
    new Date(0),
  );
  const auth = await t.app.inject({
    method: 'POST',
    url: '/api/company/auth',
    payload: { ruc, password: ISSUER_PASSWORD },
  });
  if (auth.statusCode !== 200) throw new Error(`Could not log in issuer ${ruc}: ${auth.body}`);
  return auth.json<{ token: string }>().token;
}

/** Publishes a sample (XML, optional PDF bytes and its CDR when it has one). */
export async function publishSample(t: TestApp, token: string, sample: Sample, pdf?: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/company/documents',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      xml: await fixtureBase64(sample.file),
      pdf: pdf?.toString('base64') ?? '',
      ...('cdr' in sample ? { cdr: await fixtureBase64(sample.cdr) } : {}),
    },
  });
}

/** The consultation body for a sample, as the web app sends it. */
export function proofOf(sample: Sample) {
  return {
    emisor: sample.emisor,
    tipo: sample.tipo,
    documento: sample.documento,
    fecha: sample.fecha,
    total: sample.total,
  };
}
