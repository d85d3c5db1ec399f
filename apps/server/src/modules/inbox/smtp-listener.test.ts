import type { Inbox } from '@sufel/contract';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  type TestApp,
  type TestAppOptions,
} from '../../../test/helpers/build-test-app.js';
import { mailOptions, rawMail, xmlAttachments } from '../../../test/helpers/mails.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import { RecordingIntake } from '../../../test/helpers/recording-intake.js';
import { MAX_MAIL_BYTES } from './smtp-listener.js';

const RUC = '20415932376';
const DOMAIN = 'facturas.sufel.test';

interface Listening {
  t: TestApp;
  intake: RecordingIntake;
  token: string;
  address: string;
  close(): Promise<void>;
}

async function listening(options: TestAppOptions = {}): Promise<Listening> {
  const intake = new RecordingIntake();
  const t = await buildTestApp({
    ...options,
    env: { INBOUND_SMTP_PORT: '0', INBOUND_DOMAIN: DOMAIN, HOST: '127.0.0.1', ...options.env },
    receivedIntake: intake,
    jobWorkerOptions: { pollMs: 200 },
  });
  const token = await storedReceiverToken(t, RUC);
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/client/inbox',
    headers: { authorization: `Bearer ${token}` },
  });
  return { t, intake, token, address: answer.json<Inbox>().direccion!, close: () => t.close() };
}

/** A real SMTP client (nodemailer) sending to the listener, as a supplier's server would. */
function send(on: Listening, options: Mail.Options, transport: object = {}) {
  const client = nodemailer.createTransport({
    host: '127.0.0.1',
    port: on.t.services.smtpListener!.port,
    secure: false,
    ignoreTLS: true,
    ...transport,
  });
  return client.sendMail(options).finally(() => client.close());
}

async function log(on: Listening): Promise<Inbox['correos']> {
  const answer = await on.t.app.inject({
    method: 'GET',
    url: '/api/client/inbox?limit=100',
    headers: { authorization: `Bearer ${on.token}` },
  });
  return answer.json<Inbox>().correos;
}

async function settledLog(on: Listening, count: number): Promise<Inbox['correos']> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const entries = await log(on);
    if (entries.length >= count && entries.every((entry) => entry.estado !== 'pendiente')) {
      return entries;
    }
    if (Date.now() > deadline) throw new Error(`log not settled: ${JSON.stringify(entries)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function storedMails(on: Listening): Promise<number> {
  const row = await on.t.database.db
    .selectFrom('inbound_mails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the SMTP listener', () => {
  let on: Listening;
  beforeAll(async () => {
    on = await listening();
  });
  afterAll(async () => {
    await on?.close();
  });

  it('takes a real mail for the account with 250 and reads its attachments', async () => {
    const info = await send(on, mailOptions(on.address, xmlAttachments(2)));
    expect(info.accepted).toEqual([on.address]);
    expect(info.response).toMatch(/^250 /);
    const [entry] = await settledLog(on, 1);
    expect(entry).toMatchObject({
      de: 'Facturación Proveedor <facturas@proveedor.pe>',
      asunto: 'Factura electrónica F001-3',
      estado: 'procesado',
      adjuntos: [
        { archivo: 'F001-1.xml', estado: 'agregado' },
        { archivo: 'F001-2.xml', estado: 'agregado' },
      ],
    });
    expect(on.intake.calls.at(-1)).toMatchObject({ receiverRuc: RUC, origin: 'correo' });
  });

  it('takes the address in any case', async () => {
    const info = await send(on, mailOptions(on.address.toUpperCase(), xmlAttachments(1, 'FMAY')));
    expect(info.accepted).toHaveLength(1);
  });

  it('refuses unknown addresses and other domains at RCPT, and stores nothing for them', async () => {
    const before = await storedMails(on);
    for (const to of [`20415932376-zzzzzzzz@${DOMAIN}`, `${on.address.split('@')[0]}@otro.pe`]) {
      const error = await send(on, mailOptions(to, xmlAttachments(1))).then(
        () => null,
        (failure: unknown) =>
          failure as { responseCode?: number; response?: string; rejected?: string[] },
      );
      expect(error?.responseCode).toBe(550);
      expect(error?.response).toMatch(/^550 5\.1\.1 .*direccion desconocida/);
    }
    const mixed = await send(on, mailOptions([on.address, `nadie@${DOMAIN}`].join(', '), []));
    expect(mixed.accepted).toEqual([on.address]);
    expect(mixed.rejected).toEqual([`nadie@${DOMAIN}`]);
    expect(await storedMails(on)).toBe(before + 1);
  });

  it('refuses a mail over 25 MiB with 552 and keeps nothing of it', async () => {
    const before = await storedMails(on);
    const big = Buffer.alloc(MAX_MAIL_BYTES, 'a');
    const error = await send(
      on,
      mailOptions(on.address, [
        { filename: 'grande.xml', content: big, contentType: 'application/xml' },
      ]),
    ).then(
      () => null,
      (failure: unknown) => failure as { responseCode?: number },
    );
    expect(error, JSON.stringify(error)).toMatchObject({ responseCode: 552 });
    expect((error as { response?: string }).response).toMatch(/^552 5\.3\.4 El correo supera/);
    expect(await storedMails(on)).toBe(before);
    // And goes on taking mail.
    expect((await send(on, mailOptions(on.address, []))).accepted).toHaveLength(1);
  });

  it('reads the same mail sent twice once, logging the second as a repeat', async () => {
    const calls = on.intake.calls.length;
    const raw = await rawMail(
      mailOptions(on.address, xmlAttachments(1, 'F2V'), { messageId: '<dos-veces@proveedor.pe>' }),
    );
    const envelope = { from: 'facturas@proveedor.pe', to: [on.address] };
    await send(on, { envelope, raw });
    await send(on, { envelope, raw });
    const entries = await settledLog(on, 1);
    expect(entries.slice(0, 2).map((entry) => entry.estado)).toEqual(['repetido', 'procesado']);
    expect(on.intake.calls.length).toBe(calls + 1);
  });

  it('does not offer STARTTLS without a certificate', async () => {
    const error = await send(on, mailOptions(on.address, []), {
      ignoreTLS: false,
      requireTLS: true,
    }).then(
      () => null,
      (failure: unknown) => failure as Error,
    );
    expect(error?.message).toMatch(/STARTTLS/);
  });
});

describe('the SMTP listener with INBOUND_TLS_CERT and INBOUND_TLS_KEY', () => {
  let directory: string;
  let cert: string;
  let on: Listening;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'sufel-tls-'));
    const key = path.join(directory, 'key.pem');
    cert = path.join(directory, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${DOMAIN}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    on = await listening({ env: { INBOUND_TLS_CERT: cert, INBOUND_TLS_KEY: key } });
  });
  afterAll(async () => {
    await on?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('takes mail over STARTTLS with the given certificate', async () => {
    const info = await send(on, mailOptions(on.address, xmlAttachments(1, 'FTLS')), {
      ignoreTLS: false,
      requireTLS: true,
      // The test's own certificate is its own authority: verified, not waved through.
      tls: { ca: [await readFile(cert)], servername: DOMAIN },
    });
    expect(info.accepted).toEqual([on.address]);
    expect((await settledLog(on, 1))[0]).toMatchObject({
      estado: 'procesado',
      adjuntos: [{ archivo: 'FTLS-1.xml', estado: 'agregado' }],
    });
  });
});

// A full disk needs a small file system of its own: a tmpfs, which only root may mount.
const root = process.getuid?.() === 0;
describe.skipIf(!root)('the SMTP listener on a full disk', () => {
  it('answers a temporary 452, stores nothing, keeps serving, and takes the mail once there is room', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dataDir]);
    try {
      const on = await listening({ env: { FILES: 'local', DATA_DIR: dataDir } });
      try {
        const filler = path.join(dataDir, 'filler');
        await writeFile(filler, Buffer.alloc(1024 * 1024)).catch(() => {});
        const options = mailOptions(on.address, xmlAttachments(3, 'FFULL'));
        const error = await send(on, options).then(
          () => null,
          (failure: unknown) => failure as { responseCode?: number; response?: string },
        );
        expect(error?.responseCode).toBe(452);
        expect(error?.response).toMatch(/^452 4\.3\.1 No hay espacio/);
        expect(await storedMails(on)).toBe(0);
        expect((await on.t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

        await rm(filler);
        expect((await send(on, options)).accepted).toEqual([on.address]);
        expect((await settledLog(on, 1))[0]).toMatchObject({ estado: 'procesado' });
      } finally {
        await on.close();
      }
    } finally {
      execFileSync('umount', [dataDir]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
