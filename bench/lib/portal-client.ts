import { SAMPLES } from '../../apps/server/test/helpers/fixtures.js';

export const BENCH_ADMIN_TOKEN = 'benchmark-admin-token-0123456789';
const PASSWORD = 'clave-de-medicion-1';

/** A JSON POST, with a bearer token when given. */
export function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The answer's JSON; any other status fails the benchmark with the server's words. */
export async function postForJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await postJson(url, body, token);
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Registers the issuer of the sample invoice on a server started with BENCH_ADMIN_TOKEN; answers its token. */
export async function sampleIssuerToken(url: string): Promise<string> {
  const ruc = SAMPLES.factura3.emisor;
  await postJson(`${url}/api/companies?token=${BENCH_ADMIN_TOKEN}`, {
    ruc,
    nombre: 'EMISOR',
    password: PASSWORD,
  });
  const auth = await postForJson<{ token: string }>(`${url}/api/company/auth`, {
    ruc,
    password: PASSWORD,
  });
  return auth.token;
}
