/**
 * E-mail notices sent per second to a local SMTP server.
 *
 *   npm run bench:notices        # 1 000 notices (BENCH_NOTICES to change)
 *
 * A real SMTP server (`smtp-server`, reading each mail whole) listens on
 * 127.0.0.1. The receiver of the documents wants one notice per document at
 * one confirmed address. Publishing queues the notices (the sender is not running
 * yet); then the mail worker sends the whole queue, claiming rows and marking
 * each sent as it does in production. The baseline, in this same run and to the
 * same server, is plain nodemailer sending the same number of mails one after
 * another: the floor under any queue. PGlite by default; TEST_DATABASE_URL uses
 * a fresh database on that PostgreSQL server.
 */
// The services' session code types cookies through this plugin's declarations.
import type {} from '@fastify/cookie';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../apps/server/src/config.js';
import { openFileStore } from '../apps/server/src/file-store/open-file-store.js';
import { createServices } from '../apps/server/src/services.js';
import { createTestDatabase } from '../apps/server/test/helpers/test-database.js';
import { ROOT } from './lib/server.js';

const COUNT = Number(process.env.BENCH_NOTICES ?? 200);
const ISSUER = '20606433094';
const RECEIVER = '20415932376';
const ADDRESS = 'conta@cliente.test';
const BATCH = 100;

interface LocalSmtp {
  url: string;
  /** Mails accepted so far. */
  received: () => number;
  stop: () => Promise<void>;
}

/** A real SMTP server that reads each mail whole and counts it (no reverse DNS, no parsing). */
async function startLocalSmtp(): Promise<LocalSmtp> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function waitForCount(smtp: LocalSmtp, count: number): Promise<void> {
  while (smtp.received() < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Plain nodemailer, one mail after another, as the worker sends. */
async function baseline(smtp: LocalSmtp): Promise<number> {
  const transporter = nodemailer.createTransport(smtp.url);
  const start = smtp.received();
  const started = performance.now();
  for (let n = 0; n < COUNT; n++) {
    await transporter.sendMail({
      from: 'SUFEL <avisos@sufel.test>',
      to: ADDRESS,
      subject: `Nuevo comprobante: Factura F777-${n} de GASPERSOFT EIRL`,
      text: 'Se publicó un nuevo comprobante a nombre de su empresa en SUFEL.',
    });
  }
  await waitForCount(smtp, start + COUNT);
  const seconds = (performance.now() - started) / 1000;
  transporter.close();
  return COUNT / seconds;
}

async function notices(
  smtp: LocalSmtp,
): Promise<{ engine: string; publishPerSecond: number; sentPerSecond: number }> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-notices-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'SUFEL <avisos@sufel.test>',
    PUBLIC_URL: 'https://portal.sufel.test',
  });
  const files = await openFileStore(config.files, config, database.db);
  // Services without the application: nothing starts the sender until the queue is full.
  const services = createServices({
    config,
    db: database.db,
    fileStore: files.store,
    jwtSecret: new TextEncoder().encode('benchmark-secret-0123456789abcdefghij'),
    mailWorkerOptions: { batch: 50 },
  });
  try {
    const db = database.db;
    await db
      .insertInto('companies')
      .values({
        ruc: ISSUER,
        nombre: 'GASPERSOFT',
        password_hash: 'x',
        password_changed_at: new Date(),
      })
      .execute();
    await db
      .insertInto('clients')
      .values({
        documento: RECEIVER,
        nombres: 'COCA-COLA SERVICIOS DE PERU S.A.',
        password_hash: 'x',
        password_changed_at: new Date(),
        notice_mode: 'each',
      })
      .execute();
    await db
      .insertInto('client_emails')
      .values({ cliente_doc: RECEIVER, address: ADDRESS, language: 'es', confirmed_at: new Date() })
      .execute();

    const template = await readFile(
      path.join(ROOT, 'packages/ubl/test/fixtures/20606433094-01-F001-3.xml'),
      'latin1',
    );
    const inputs = Array.from({ length: COUNT }, (_, n) => ({
      xml: Buffer.from(
        template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F777-${n + 1}</cbc:ID>`),
        'latin1',
      ).toString('base64'),
      pdf: '',
      cdr: '',
    }));
    const publishStarted = performance.now();
    for (let start = 0; start < COUNT; start += BATCH) {
      const outcomes = await services.publisher.publishMany(
        ISSUER,
        inputs.slice(start, start + BATCH),
      );
      const refused = outcomes.find((outcome) => !outcome.ok);
      if (refused !== undefined) throw new Error(`publish refused: ${JSON.stringify(refused)}`);
    }
    const publishSeconds = (performance.now() - publishStarted) / 1000;
    const queued = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    if (Number(queued.count) !== COUNT) throw new Error(`queued ${queued.count}, not ${COUNT}`);

    const start = smtp.received();
    const started = performance.now();
    const sent = await services.mailWorker!.drain();
    await waitForCount(smtp, start + COUNT);
    const seconds = (performance.now() - started) / 1000;
    if (sent !== COUNT) throw new Error(`sent ${sent}, not ${COUNT}`);
    return {
      engine: database.engine,
      publishPerSecond: COUNT / publishSeconds,
      sentPerSecond: COUNT / seconds,
    };
  } finally {
    await services.mailWorker?.stop();
    await services.work.close();
    files.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const smtp = await startLocalSmtp();
try {
  console.log(`E-mail notices: ${COUNT} documents, one notice each, to ${smtp.url}`);
  const raw = await baseline(smtp);
  const measured = await notices(smtp);
  const rawAgain = await baseline(smtp);
  const floor = (raw + rawAgain) / 2;
  console.log(`  baseline: plain nodemailer sends        ${floor.toFixed(0).padStart(6)} mails/s`);
  console.log(
    `  publishing with notices queued (${measured.engine}) ${measured.publishPerSecond.toFixed(0).padStart(6)} documents/s`,
  );
  console.log(
    `  notices sent from the queue (${measured.engine})    ${measured.sentPerSecond.toFixed(0).padStart(6)} notices/s  (${((measured.sentPerSecond / floor) * 100).toFixed(0)}% of the baseline)`,
  );
} finally {
  await smtp.stop();
}
