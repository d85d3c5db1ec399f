import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

export interface Portal {
  url: string;
  database: 'pglite' | 'postgres';
  stop(): Promise<void>;
}

async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sufel_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A port nobody listens on now, so several suites can run side by side. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real built portal (`apps/server/dist`, serving `apps/web/dist`) on a fresh
 * data directory: embedded PGlite, or a fresh PostgreSQL database when
 * E2E_DATABASE_URL names a server. `env` adds settings (SMTP_URL, TRUST_PROXY…).
 */
export async function startPortal(env: Readonly<Record<string, string>> = {}): Promise<Portal> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-e2e-'));
  const serverUrl = process.env.E2E_DATABASE_URL;
  const postgres = serverUrl ? await freshPostgresDatabase(serverUrl) : null;
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, 'apps/server/dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_TOKEN,
        SUFEL_DEMO: '0',
        LOG_LEVEL: 'warn',
        // Mailed links point here, as they would at a real portal's address.
        PUBLIC_URL: url,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('portal did not start within a minute');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    database: postgres ? 'postgres' : 'pglite',
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
