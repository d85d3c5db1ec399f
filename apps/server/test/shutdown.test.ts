import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from './helpers/build-test-app.js';
import { SAMPLES } from './helpers/fixtures.js';
import { heavyProof, heavyXml, type HeavyShape } from './helpers/heavy-documents.js';
import { ISSUER_PASSWORD } from './helpers/issuers.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

interface Server {
  url: string;
  child: ChildProcess;
}

/** The real entry point, from the sources, on an ephemeral port; answers once it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(
    process.execPath,
    ['--conditions=sufel-source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SUFEL_DEMO: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve({ url: listening[1]!, child });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function issuerToken(url: string): Promise<string> {
  const ruc = SAMPLES.factura3.emisor;
  await fetch(`${url}/api/companies?token=${ADMIN_TOKEN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruc, nombre: 'EMISOR', password: ISSUER_PASSWORD }),
  });
  const auth = await fetch(`${url}/api/company/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ruc, password: ISSUER_PASSWORD }),
  });
  return ((await auth.json()) as { token: string }).token;
}

async function publish(url: string, token: string, shape: HeavyShape): Promise<number> {
  const response = await fetch(`${url}/api/company/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ xml: (await heavyXml(shape)).toString('base64'), pdf: '' }),
  });
  return response.status;
}

async function consultationToken(url: string, shape: HeavyShape): Promise<string | null> {
  const response = await fetch(`${url}/api/document/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(heavyProof(shape)),
  });
  return response.ok ? ((await response.json()) as { token: string }).token : null;
}

describe('stopping the server', () => {
  let database: TestDatabase | null = null;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-shutdown-'));
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
    env = {
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      RENDER_WORKERS: '1',
      RENDER_TIMEOUT_MS: '60000',
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    };
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ends within 10 s of SIGTERM in the middle of a render and keeps acknowledged publishes', async () => {
    const server = await startServer(env);
    const token = await issuerToken(server.url);
    // A long table, parsed in the pool and rendered up to the page limit: seconds of work.
    const heavy: HeavyShape = { name: 'long table', number: 301, lineCopies: 5_000 };
    const acknowledged: HeavyShape = { name: 'plain', number: 302 };
    expect(await publish(server.url, token, heavy)).toBe(200);
    expect(await publish(server.url, token, acknowledged)).toBe(200);

    const pdf = fetch(`${server.url}/api/document/resource/pdf`, {
      headers: { authorization: `Bearer ${await consultationToken(server.url, heavy)}` },
    }).then(
      (response) => response.status,
      () => 'closed',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    expect([503, 'closed']).toContain(await pdf);

    const restarted = await startServer(env);
    try {
      expect(await consultationToken(restarted.url, acknowledged)).not.toBeNull();
      expect(await consultationToken(restarted.url, heavy)).not.toBeNull();
    } finally {
      restarted.child.kill('SIGTERM');
      await exited(restarted.child);
    }
  }, 120_000);
});
