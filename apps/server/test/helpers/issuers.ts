import { ADMIN_TOKEN, type TestApp } from './build-test-app.js';
import { fixtureBase64, type Sample } from './fixtures.js';

export const ISSUER_PASSWORD = 'clave-del-emisor-1';

/** Registers an issuer through the admin API and answers its bearer token. */
export async function issuerToken(
  t: TestApp,
  ruc: string,
  nombre = `EMISOR ${ruc}`,
): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/companies?token=${ADMIN_TOKEN}`,
    payload: { ruc, nombre, password: ISSUER_PASSWORD },
  });
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
