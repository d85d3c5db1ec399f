import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { startSmtpHarness, type SmtpHarness } from '../../test/helpers/smtp-harness.js';
import type { MailTemplate } from './mail-template.js';
import { MailWorker } from './mail-worker.js';
import { OutboxRepository } from './outbox.repository.js';
import { smtpTransport } from './smtp-transport.js';

const greeting: MailTemplate<{ name: string }> = {
  es: ({ name }) => ({ subject: `Hola ${name}`, text: `Buenos días, ${name}.` }),
  en: ({ name }) => ({ subject: `Hello ${name}`, text: `Good morning, ${name}.` }),
};

async function outboxRows(t: TestApp) {
  return t.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

/** The first attempt to this recipient failed and its retry is scheduled. */
async function failedOnce(t: TestApp, recipient: string): Promise<boolean> {
  const row = (await outboxRows(t)).find((mail) => mail.recipient === recipient);
  return row?.status === 'pending' && row.attempts === 1 && row.last_error !== null;
}

describe('mail queue', () => {
  let smtp: SmtpHarness;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    // A long poll: only a wake-up (after queuing) or the test makes the worker look.
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://portal.sufel.test',
        MAIL_FROM: 'SUFEL <avisos@sufel.test>',
      },
      mailWorkerOptions: { pollMs: 60_000, backoffMs: () => 60_000, maxAttempts: 3 },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends a queued mail in the recipient’s language from MAIL_FROM, outside the caller', async () => {
    await t.services.mailer.send(
      [
        { address: 'ana@empresa.test', language: 'es' },
        { address: 'bob@company.test', language: 'en' },
      ],
      greeting,
      { name: 'Ana' },
    );
    const spanish = await smtp.waitForMail((mail) => mail.to.includes('ana@empresa.test'));
    const english = await smtp.waitForMail((mail) => mail.to.includes('bob@company.test'));
    expect(spanish).toMatchObject({
      from: 'avisos@sufel.test',
      subject: 'Hola Ana',
      text: 'Buenos días, Ana.',
    });
    expect(english.subject).toBe('Hello Ana');
    expect(spanish.messageId).toMatch(/^<sufel-mail-\d+@sufel\.test>$/);
    await expect
      .poll(async () => (await outboxRows(t)).map((row) => row.status))
      .toEqual(['sent', 'sent']);
  });

  it('retries with backoff while the SMTP server is down, then delivers once', async () => {
    await smtp.stop();
    await t.services.mailer.send([{ address: 'caida@empresa.test', language: 'es' }], greeting, {
      name: 'Caída',
    });
    await expect.poll(() => failedOnce(t, 'caida@empresa.test')).toBe(true);
    const [failed] = (await outboxRows(t)).filter((row) => row.recipient === 'caida@empresa.test');
    // The next attempt waits for the backoff, measured on the app's clock.
    expect(failed!.next_attempt_at.getTime()).toBe(t.clock.now.getTime() + 60_000);
    expect(await t.services.mailWorker!.drain()).toBe(0);

    await smtp.restart();
    expect(await t.services.mailWorker!.drain()).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    expect(await t.services.mailWorker!.drain()).toBe(1);
    const delivered = smtp.messages.filter((mail) => mail.to.includes('caida@empresa.test'));
    expect(delivered).toHaveLength(1);
    expect((await outboxRows(t)).find((row) => row.id === failed!.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });

  it('gives a mail up after the last attempt', async () => {
    await smtp.stop();
    await t.services.mailer.send([{ address: 'nunca@empresa.test', language: 'es' }], greeting, {
      name: 'Nunca',
    });
    const row = async () =>
      (await outboxRows(t)).find((mail) => mail.recipient === 'nunca@empresa.test');
    await expect.poll(() => failedOnce(t, 'nunca@empresa.test')).toBe(true);
    for (const attempt of [2, 3]) {
      t.clock.now = new Date(t.clock.now.getTime() + 61_000);
      await t.services.mailWorker!.drain();
      expect(await row()).toMatchObject({ attempts: attempt });
    }
    expect(await row()).toMatchObject({ status: 'failed' });
    await smtp.restart();
  });

  it('survives a restart: mail queued by one process is sent by the next', async () => {
    // Queued inside a transaction that commits, with no worker awake to take it.
    await t.database.db.transaction().execute(async (trx) => {
      await t.services.mailer.send(
        [{ address: 'despues@empresa.test', language: 'es' }],
        greeting,
        { name: 'Después' },
        trx,
      );
    });
    const outbox = new OutboxRepository(t.database.db);
    const nextProcess = new MailWorker(
      outbox,
      smtpTransport(smtp.url),
      'otro@sufel.test',
      () => t.clock.now,
    );
    await nextProcess.drain();
    await nextProcess.stop();
    await smtp.waitForMail((mail) => mail.to.includes('despues@empresa.test'));
  });

  it('never sends one mail twice when several processes drain the queue at once', async () => {
    const before = smtp.messages.length;
    const recipients = Array.from({ length: 30 }, (_, index) => ({
      address: `lote${index}@empresa.test`,
      language: 'es' as const,
    }));
    await t.database.db.transaction().execute(async (trx) => {
      await t.services.mailer.send(recipients, greeting, { name: 'Lote' }, trx);
    });
    const outbox = new OutboxRepository(t.database.db);
    const workers = [1, 2, 3].map(
      () =>
        new MailWorker(outbox, smtpTransport(smtp.url), 'otro@sufel.test', () => t.clock.now, {
          pollMs: 60_000,
          batch: 4,
          leaseMs: 60_000,
          maxAttempts: 3,
          backoffMs: () => 60_000,
        }),
    );
    const sent = await Promise.all([
      ...workers.map((worker) => worker.drain()),
      t.services.mailWorker!.drain(),
    ]);
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(30);
    const received = smtp.messages.slice(before).flatMap((mail) => mail.to);
    expect(received.sort()).toEqual(recipients.map((r) => r.address).sort());
  });
});

describe('mail without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('queues nothing and the web is told mail is off', async () => {
    expect(t.services.mailer.enabled).toBe(false);
    await t.services.mailer.send([{ address: 'x@empresa.test', language: 'es' }], greeting, {
      name: 'X',
    });
    expect(await outboxRows(t)).toEqual([]);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ mail: false });
  });
});
