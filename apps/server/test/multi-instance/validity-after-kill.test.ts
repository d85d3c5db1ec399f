import type { ValidityCheck, ValidityCheckStarted } from '@sufel/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, SECRETS_KEY } from '../helpers/build-test-app.js';
import { numberedInvoice, SAMPLES } from '../helpers/fixtures.js';
import { ISSUER_PASSWORD } from '../helpers/issuers.js';
import { freshPostgresDatabase, postgresReachable } from '../helpers/postgres-server.js';
import { RECEIVER_PASSWORD } from '../helpers/receivers.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { startSunatStandIn, type SunatStandIn } from '../helpers/sunat-stand-in.js';

/**
 * A period checked with SUNAT while the instance running it is killed with
 * SIGKILL: the jobs it held come back once their lease ends and another
 * instance (PostgreSQL) or the restarted one (embedded database) finishes
 * them; no document is left unchecked, none is given up.
 */
const invoice = SAMPLES.factura3;
const DOCUMENTS = 30;
const CLIENT_ID = 'cliente-kill-9';
const CLIENT_SECRET = 'secreto-kill-9';

async function call<T>(base: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(new URL(url, base), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const canUsePostgres = await postgresReachable();
const engines = [
  { engine: 'embedded' as const },
  ...(canUsePostgres ? [{ engine: 'postgres' as const }] : []),
];

describe.each(engines)('a period checked while its instance is killed ($engine)', ({ engine }) => {
  let sunat: SunatStandIn;
  let dataDir: string;
  let dropDatabase: () => Promise<void> = () => Promise.resolve();
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    sunat = await startSunatStandIn({ [CLIENT_ID]: CLIENT_SECRET });
    for (let n = 1; n <= DOCUMENTS; n++) {
      sunat.addDocument({
        issuerRuc: invoice.emisor,
        type: '01',
        series: 'F500',
        number: n,
        issueDate: invoice.fecha,
        estadoCp: '1',
        estadoRuc: '00',
        condDomiRuc: '00',
      });
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-kill-'));
    env = {
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      SECRETS_KEY,
      VERIFY_SIGNATURES: '0',
      SUNAT_AUTH_URL: sunat.authUrl,
      SUNAT_API_URL: sunat.apiUrl,
      SUNAT_RATE_PER_SECOND: '10',
      JOB_LEASE_SECONDS: '2',
    };
    if (engine === 'postgres') {
      const database = await freshPostgresDatabase('sufel_kill');
      env.DATABASE_URL = database.url;
      env.FILES = 'postgres';
      dropDatabase = () => database.drop();
    }
  }, 60_000);

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  });

  afterAll(async () => {
    await sunat?.close();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes every document, taking again after the lease the jobs the killed instance held', async () => {
    const a = await startServerProcess(env);
    servers.push(a);
    await call(a.url, 'POST', `/api/companies?token=${ADMIN_TOKEN}`, {
      ruc: invoice.emisor,
      nombre: 'EMISOR',
      password: ISSUER_PASSWORD,
    });
    const issuer = await call<{ token: string }>(a.url, 'POST', '/api/company/auth', {
      ruc: invoice.emisor,
      password: ISSUER_PASSWORD,
    });
    for (let n = 1; n <= DOCUMENTS; n++) {
      const published = await call(
        a.url,
        'POST',
        '/api/company/documents',
        { xml: await numberedInvoice(n), pdf: '' },
        issuer.body.token,
      );
      expect(published.status).toBe(200);
    }
    const registered = await call(a.url, 'POST', '/api/client/register', {
      documento: invoice.cliente,
      nombres: 'RECEPTOR S.A.',
      password: RECEIVER_PASSWORD,
      repeat_password: RECEIVER_PASSWORD,
      comprobante: {
        emisor: invoice.emisor,
        tipo: invoice.tipo,
        documento: 'F500-1',
        fecha: invoice.fecha,
        total: invoice.total,
      },
    });
    expect(registered.status).toBe(200);
    const login = await call<{ token: string }>(a.url, 'POST', '/api/client/login', {
      documento: invoice.cliente,
      password: RECEIVER_PASSWORD,
    });
    const token = login.body.token;
    const saved = await call<{ state: string }>(
      a.url,
      'PUT',
      '/api/client/sunat-credentials',
      { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      token,
    );
    expect(saved.body.state).toBe('accepted');

    // With PostgreSQL a second instance runs throughout; the embedded database restarts after.
    const b = engine === 'postgres' ? await startServerProcess(env) : null;
    if (b !== null) servers.push(b);
    // Slow answers, so that the killed instance holds jobs in flight.
    sunat.delayMs = 300;
    const started = await call<ValidityCheckStarted>(
      a.url,
      'POST',
      '/api/client/validity-checks',
      { start: '2024-11-01', end: '2024-11-30' },
      token,
    );
    expect(started.body.total).toBe(DOCUMENTS);
    const queries = () => sunat.requests.filter((request) => request.endpoint === 'query');
    await expect.poll(() => queries().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(10);

    await a.kill();
    const killedAt = Date.now();
    const survivor = b ?? (await startServerProcess(env));
    if (b === null) servers.push(survivor);
    const progress = async () =>
      (
        await call<ValidityCheck>(
          survivor.url,
          'GET',
          `/api/client/validity-checks/${started.body.id}`,
          undefined,
          token,
        )
      ).body;
    await expect.poll(async () => (await progress()).state, { timeout: 60_000 }).toBe('done');
    expect(await progress()).toMatchObject({ total: DOCUMENTS, done: DOCUMENTS, failed: 0 });

    const asked = new Map<number, number[]>();
    for (const request of queries()) {
      const n = Number(request.body.numero);
      asked.set(n, [...(asked.get(n) ?? []), request.at]);
    }
    expect(asked.size).toBe(DOCUMENTS);
    // Asked twice: only what the killed instance held (its concurrency at most), and the
    // second time only after it died, once the lease had ended.
    const twice = [...asked.values()].filter((times) => times.length > 1);
    expect(twice.length).toBeLessThanOrEqual(8);
    for (const times of twice) {
      expect(times).toHaveLength(2);
      expect(times[1]!).toBeGreaterThan(killedAt);
    }
  }, 150_000);
});
