import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOptions, xmlAttachments } from './helpers/mails.js';
import { freshPostgresDatabase, postgresReachable } from './helpers/postgres-server.js';
import { freePort, startServerProcess, type ServerProcess } from './helpers/server-process.js';

/**
 * A mail the listener answered 250 is never lost: a real server process,
 * killed with SIGKILL while it reads the mail's attachments, leaves the mail
 * stored and unread; the next process reads it once. On PostgreSQL (CI runs
 * one) with the files in local pack files, the driver with its own fsyncs.
 */
const RUC = '20415932376';
const TAG = `${RUC}-kill9abc`;
const DOMAIN = 'facturas.sufel.test';
const ENTRY = path.join(import.meta.dirname, 'helpers/recording-server.ts');

const canRun = await postgresReachable();

describe.skipIf(!canRun)('inbound mail across a kill -9', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let dataDir: string;
  let intakeLog: string;
  let smtpPort: number;
  let server: ServerProcess | undefined;
  let sql: pg.Client;

  const env = (delayMs: number) => ({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    FILES: 'local',
    INBOUND_SMTP_PORT: String(smtpPort),
    INBOUND_DOMAIN: DOMAIN,
    JOB_LEASE_SECONDS: '2',
    RECORDING_INTAKE_LOG: intakeLog,
    RECORDING_INTAKE_DELAY_MS: String(delayMs),
  });

  const intakeCalls = (): { pid: number; files: string[] }[] =>
    existsSync(intakeLog)
      ? readFileSync(intakeLog, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { pid: number; files: string[] })
      : [];

  async function until<T>(
    what: string,
    probe: () => Promise<T | undefined> | T | undefined,
  ): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    database = await freshPostgresDatabase('sufel_inbound');
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-kill-'));
    intakeLog = path.join(dataDir, 'intake.jsonl');
    smtpPort = await freePort();
  }, 60_000);

  afterAll(async () => {
    await server?.kill();
    await sql?.end().catch(() => undefined);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads a mail once after the process died while reading it', async () => {
    server = await startServerProcess(env(120_000), ENTRY);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    await sql.query(
      `insert into clients (documento, nombres, password_hash, password_changed_at) values ($1, 'CLIENTE', 'x', now())`,
      [RUC],
    );
    await sql.query(`insert into inbox_addresses (cliente_doc, tag) values ($1, $2)`, [RUC, TAG]);

    const client = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      ignoreTLS: true,
    });
    const info = await client.sendMail(mailOptions(`${TAG}@${DOMAIN}`, xmlAttachments(3, 'FK9')));
    client.close();
    expect(info.response).toMatch(/^250 /);

    // The reading has begun (the intake was called) when the process is killed.
    await until('the reading to begin', () => (intakeCalls().length === 1 ? true : undefined));
    const killed = server.child.pid;
    await server.kill();
    server = undefined;

    const stored = await sql.query<{ state: string; stored: boolean }>(
      'select state, raw_hash is not null as stored from inbound_mails',
    );
    expect(stored.rows).toEqual([{ state: 'pendiente', stored: true }]);
    expect((await sql.query('select * from inbound_mail_attachments')).rowCount).toBe(0);

    server = await startServerProcess(env(0), ENTRY);
    const outcome = await until('the mail to be read', async () => {
      const { rows } = await sql.query<{ state: string }>('select state from inbound_mails');
      return rows[0]?.state === 'procesado' ? rows[0] : undefined;
    });
    expect(outcome.state).toBe('procesado');
    const attachments = await sql.query<{ file_name: string; state: string }>(
      'select file_name, state from inbound_mail_attachments order by position',
    );
    expect(attachments.rows).toEqual(
      ['FK9-1.xml', 'FK9-2.xml', 'FK9-3.xml'].map((file_name) => ({
        file_name,
        state: 'agregado',
      })),
    );
    const calls = intakeCalls();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.pid).toBe(killed);
    expect(calls[1]!.pid).toBe(server.child.pid);
    expect(calls[1]!.files).toEqual(['FK9-1.xml', 'FK9-2.xml', 'FK9-3.xml']);
  }, 180_000);
});
