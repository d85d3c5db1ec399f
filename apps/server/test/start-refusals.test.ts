import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** Runs the real entry point with `env` until it exits; answers its exit code and error output. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=sufel-source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SUFEL_DEMO: '0', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('starting the server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-start-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses mail without PUBLIC_URL, and says why', async () => {
    const { code, stderr } = await runServer({
      DATA_DIR: dataDir,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: '',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('PUBLIC_URL: is required with SMTP_URL');
  }, 90_000);
});
