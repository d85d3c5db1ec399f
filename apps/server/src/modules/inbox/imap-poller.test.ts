import type { Inbox } from '@sufel/contract';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import {
  dovecotInstalled,
  startDovecot,
  type TestImapServer,
} from '../../../test/helpers/dovecot.js';
import { mailOptions, rawMail, xmlAttachments } from '../../../test/helpers/mails.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import { RecordingIntake } from '../../../test/helpers/recording-intake.js';
import { ImapPoller } from './imap-poller.js';
import { InboxRepository } from './inbox.repository.js';

const RUC = '20415932376';
const MAILBOX = 'facturas@operador.test';
const DONE = 'SUFEL-procesados';
const REJECTED = 'SUFEL-rechazados';

// CI installs Dovecot (.ci/run), so there these tests always run.
const skip = !dovecotInstalled() && process.env.CI === undefined;
if (skip) {
  console.warn(
    'Dovecot is not installed (apt-get install dovecot-imapd): the IMAP tests are skipped.',
  );
}

describe.skipIf(skip)('reading the operator’s mailbox over IMAP (Dovecot)', () => {
  let imap: TestImapServer;
  let t: TestApp;
  let intake: RecordingIntake;
  let token: string;
  let address: string;
  let delivery: ImapFlow;

  async function inbox(): Promise<Inbox> {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/client/inbox?limit=100',
      headers: { authorization: `Bearer ${token}` },
    });
    return answer.json<Inbox>();
  }

  async function settled(id: number): Promise<Inbox['correos'][number]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mail = (await inbox()).correos.find((entry) => entry.id === id);
      if (mail !== undefined && mail.estado !== 'pendiente') return mail;
      if (Date.now() > deadline) throw new Error(`mail ${id} still ${JSON.stringify(mail)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Delivers a mail into the mailbox as the operator's mail server would, with its Delivered-To. */
  async function deliver(raw: Buffer, deliveredTo?: string): Promise<void> {
    const headers = deliveredTo === undefined ? '' : `Delivered-To: ${deliveredTo}\r\n`;
    await delivery.append('INBOX', Buffer.concat([Buffer.from(headers), raw]));
  }

  async function count(folder: string): Promise<number> {
    const status = await delivery.status(folder, { messages: true });
    return status === false ? 0 : (status.messages ?? 0);
  }

  async function storedMails(): Promise<number> {
    const row = await t.database.db
      .selectFrom('inbound_mails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  beforeAll(async () => {
    imap = await startDovecot();
    intake = new RecordingIntake();
    t = await buildTestApp({
      env: {
        INBOUND_IMAP_URL: imap.url,
        INBOUND_IMAP_ADDRESS: MAILBOX,
        INBOUND_IMAP_POLL_SECONDS: '3600',
      },
      receivedIntake: intake,
      jobWorkerOptions: { pollMs: 200 },
    });
    token = await storedReceiverToken(t, RUC);
    address = (await inbox()).direccion!;
    delivery = new ImapFlow({
      host: '127.0.0.1',
      port: imap.port,
      secure: false,
      auth: { user: imap.user, pass: imap.password },
      logger: false,
    });
    await delivery.connect();
    // The poll the app started with; later ones are the tests'.
    await t.services.imapPoller!.pollNow();
  });

  afterAll(async () => {
    await delivery?.logout().catch(() => undefined);
    await t?.close();
    await imap?.close();
  });

  it('gives each account a plus address of the operator’s mailbox', () => {
    expect(address).toMatch(/^facturas\+20415932376-[a-z2-9]{8}@operador\.test$/);
  });

  it('stores a message for the account of its plus tag, reads it, and moves it to the processed folder', async () => {
    await deliver(await rawMail(mailOptions(address, xmlAttachments(2, 'FIMAP'))), address);
    const report = await t.services.imapPoller!.pollNow();
    expect(report).toEqual({ outcome: 'read', taken: 1, rejected: 0, more: false });
    expect(await count('INBOX')).toBe(0);
    expect(await count(DONE)).toBe(1);
    const entry = (await inbox()).correos[0]!;
    expect(await settled(entry.id)).toMatchObject({
      asunto: 'Factura electrónica F001-3',
      estado: 'procesado',
      adjuntos: [
        { archivo: 'FIMAP-1.xml', estado: 'agregado' },
        { archivo: 'FIMAP-2.xml', estado: 'agregado' },
      ],
    });
    expect(intake.calls.at(-1)).toMatchObject({ receiverRuc: RUC, origin: 'correo' });

    // Nothing is read twice: the next poll finds nothing.
    expect(await t.services.imapPoller!.pollNow()).toMatchObject({ taken: 0, rejected: 0 });
  });

  it('routes by To when the mail server wrote no Delivered-To, in any case', async () => {
    const before = (await inbox()).correos.length;
    await deliver(await rawMail(mailOptions(address.toUpperCase(), xmlAttachments(1, 'FTO'))));
    expect(await t.services.imapPoller!.pollNow()).toMatchObject({ taken: 1 });
    expect((await inbox()).correos.length).toBe(before + 1);
  });

  it('moves messages for no account, or over 25 MiB, to the rejected folder and stores nothing', async () => {
    const before = await storedMails();
    const rejectedBefore = await count(REJECTED);
    await deliver(await rawMail(mailOptions(MAILBOX, xmlAttachments(1))), MAILBOX);
    const stranger = 'facturas+20415932376-zzzzzzzz@operador.test';
    await deliver(await rawMail(mailOptions(stranger, xmlAttachments(1))), stranger);
    const big = Buffer.alloc(26 * 1024 * 1024, 'a');
    await deliver(
      await rawMail(mailOptions(address, [{ filename: 'grande.xml', content: big }])),
      address,
    );
    expect(await t.services.imapPoller!.pollNow()).toMatchObject({ taken: 0, rejected: 3 });
    expect(await count(REJECTED)).toBe(rejectedBefore + 3);
    expect(await count('INBOX')).toBe(0);
    expect(await storedMails()).toBe(before);
  });

  it('logs the same mail delivered twice as a repeat and reads it once', async () => {
    const calls = intake.calls.length;
    const raw = await rawMail(
      mailOptions(address, xmlAttachments(1, 'F2I'), { messageId: '<dos-imap@proveedor.pe>' }),
    );
    await deliver(raw, address);
    await deliver(raw, address);
    expect(await t.services.imapPoller!.pollNow()).toMatchObject({ taken: 2 });
    const [second, first] = (await inbox()).correos;
    expect((await settled(first!.id)).estado).toBe('procesado');
    expect((await settled(second!.id)).estado).toBe('repetido');
    expect(intake.calls.length).toBe(calls + 1);
  });

  it('does not take again a message it stored but had not moved when it stopped', async () => {
    await deliver(await rawMail(mailOptions(address, xmlAttachments(1, 'FCUT'))), address);
    // What a stop between storing and moving leaves: the message stored, still in the mailbox.
    const opened = await delivery.mailboxOpen('INBOX');
    const [listed] = await delivery.fetchAll('1:*', { uid: true, source: true });
    await delivery.mailboxClose();
    const raw = listed!.source!;
    const head = await t.services.inbox.head(raw);
    await t.services.inbox.receive(raw, head, [RUC], {
      via: 'imap',
      message: `${opened.uidValidity}:${listed!.uid}`,
    });
    const before = await storedMails();
    expect(await t.services.imapPoller!.pollNow()).toMatchObject({ taken: 1 });
    expect(await storedMails()).toBe(before);
    expect(await count('INBOX')).toBe(0);
  });

  it('keeps serving while the IMAP server is down, and reads the mailbox once it is back', async () => {
    const poller = t.services.imapPoller!;
    await delivery.logout();
    await imap.stop();
    try {
      expect(await poller.pollNow()).toEqual({
        outcome: 'failed',
        taken: 0,
        rejected: 0,
        more: false,
      });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await inbox()).direccion).toBe(address);
    } finally {
      await imap.restart();
    }
    delivery = new ImapFlow({
      host: '127.0.0.1',
      port: imap.port,
      secure: false,
      auth: { user: imap.user, pass: imap.password },
      logger: false,
    });
    await delivery.connect();
    await deliver(await rawMail(mailOptions(address, xmlAttachments(1, 'FBACK'))), address);
    expect(await poller.pollNow()).toMatchObject({ outcome: 'read', taken: 1 });
  });

  it('is polled by one instance at a time', async () => {
    const config = t.services.config.inbound.imap!;
    const other = new ImapPoller(
      config,
      t.services.inbox,
      new InboxRepository(t.database.db),
      () => new Date(),
    );
    await deliver(await rawMail(mailOptions(address, xmlAttachments(1, 'FLEASE'))), address);
    // The app's poller holds the lease from its last poll.
    expect(await other.pollNow()).toEqual({ outcome: 'busy', taken: 0, rejected: 0, more: false });
    expect(await count('INBOX')).toBe(1);
    // Once it stops, its lease ends and the other takes over at once.
    await t.services.imapPoller!.stop();
    expect(await other.pollNow()).toMatchObject({ outcome: 'read', taken: 1 });
    await other.stop();
  });
});
