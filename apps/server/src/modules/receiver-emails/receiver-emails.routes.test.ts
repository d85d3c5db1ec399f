import type { ClientEmail, Message } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import {
  RECEIVER,
  RECEIVER_PASSWORD,
  receiverToken,
  registerReceiver,
} from '../../../test/helpers/receivers.js';
import { linkIn, startSmtpHarness, type SmtpHarness } from '../../../test/helpers/smtp-harness.js';

describe('receiver e-mail addresses', () => {
  let smtp: SmtpHarness;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.sufel.test' },
      mailWorkerOptions: { pollMs: 200 },
    });
    await registerReceiver(t, { email: 'alta@cliente.test' });
    token = await receiverToken(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const confirm = (confirmation: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/email-confirmation',
      payload: { token: confirmation },
    });
  const tokenOf = (mail: Parameters<typeof linkIn>[0]) =>
    linkIn(mail, '/client/email/confirm').searchParams.get('token')!;

  it('mails a confirmation link to the address given at registration', async () => {
    const mail = await smtp.waitForMail((m) => m.to.includes('alta@cliente.test'));
    expect(mail.subject).toBe('Confirme su correo en SUFEL');
    expect(mail.text).toContain(`RUC ${RECEIVER}`);
    expect(linkIn(mail, '/client/email/confirm').origin).toBe('https://portal.sufel.test');
    const listed = (await call('GET', '/api/client/emails')).json<ClientEmail[]>();
    expect(
      listed.map(({ address, confirmed, language }) => ({ address, confirmed, language })),
    ).toEqual([{ address: 'alta@cliente.test', confirmed: false, language: 'es' }]);
  });

  it('confirms an address from its mailed link, and tells the confirmed addresses', async () => {
    const mail = await smtp.waitForMail((m) => m.to.includes('alta@cliente.test'));
    const confirmed = await confirm(tokenOf(mail));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: 'Dirección de correo confirmada.' });
    expect((await call('GET', '/api/client/emails')).json()).toMatchObject([
      { address: 'alta@cliente.test', confirmed: true },
    ]);
    const notice = await smtp.waitForMail(
      (m) => m.to.includes('alta@cliente.test') && m.subject.startsWith('Nueva dirección'),
    );
    expect(notice.text).toContain('alta@cliente.test fue confirmada');
    // Opening the link again is harmless and sends nothing more.
    expect((await confirm(tokenOf(mail))).statusCode).toBe(200);
  });

  it('links to PUBLIC_URL, never to the host the request names', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/client/emails',
      headers: { authorization: `Bearer ${token}`, host: 'attacker.test' },
      payload: { address: 'anfitrion@cliente.test', password: RECEIVER_PASSWORD },
    });
    expect(added.statusCode, added.body).toBe(200);
    const mail = await smtp.waitForMail((m) => m.to.includes('anfitrion@cliente.test'));
    expect(linkIn(mail, '/client/email/confirm').origin).toBe('https://portal.sufel.test');
    expect(mail.text).not.toContain('attacker.test');
    const listed = (await call('GET', '/api/client/emails')).json<ClientEmail[]>();
    const hostile = listed.find((row) => row.address === 'anfitrion@cliente.test')!;
    expect((await call('DELETE', `/api/client/emails/${hostile.id}`)).statusCode).toBe(200);
  });

  it('adds an address in English and never sends it account mail before it is confirmed', async () => {
    const added = await call('POST', '/api/client/emails', {
      address: 'Second@Cliente.test',
      language: 'en',
      password: RECEIVER_PASSWORD,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<Message>().message).toMatch(/enlace de confirmación/);
    const mail = await smtp.waitForMail((m) => m.to.includes('second@cliente.test'));
    expect(mail.subject).toBe('Confirm your e-mail address at SUFEL');

    const countBefore = smtp.messages.length;
    await t.services.mailer.sendToReceiver(
      RECEIVER,
      {
        es: () => ({ subject: 'aviso', text: 'aviso' }),
        en: () => ({ subject: 'notice', text: 'notice' }),
      },
      {},
    );
    const notice = await smtp.waitForMail((m) => m.subject === 'aviso');
    expect(notice.to).toEqual(['alta@cliente.test']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.slice(countBefore).flatMap((m) => m.to)).toEqual(['alta@cliente.test']);

    // Adding it again mails a fresh link instead of a second entry, and needs no password.
    expect(
      (await call('POST', '/api/client/emails', { address: 'second@cliente.test' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/client/emails')).json()).toHaveLength(2);
  });

  it('refuses forged, damaged and stale links, and links of a removed address', async () => {
    const mail = await smtp.waitForMail((m) => m.to.includes('second@cliente.test'));
    const good = tokenOf(mail);
    for (const bad of [
      'x',
      `${good.slice(0, -2)}AA`,
      good.replace(/^[^.]+/, 'eyJhbGciOiJub25lIn0'),
    ]) {
      const response = await confirm(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'El enlace no es válido o ya venció. Solicite uno nuevo.',
      });
    }
    const [, second] = (await call('GET', '/api/client/emails')).json<{ id: number }[]>();
    expect((await call('DELETE', `/api/client/emails/${second!.id}`)).statusCode).toBe(200);
    expect((await confirm(good)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/client/emails/${second!.id}`)).statusCode).toBe(404);
  });

  it('asks for the current password to add an address, and counts wrong ones as failed logins', async () => {
    const without = await call('POST', '/api/client/emails', { address: 'intruso@otro.test' });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      message: 'Para agregar un correo, ingrese la contraseña actual de la cuenta.',
    });
    const wrong = await call('POST', '/api/client/emails', {
      address: 'intruso@otro.test',
      password: 'no-es-la-clave',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'La contraseña actual no es correcta.',
      attemptsLeft: 4,
    });
    const listed = (await call('GET', '/api/client/emails')).json<ClientEmail[]>();
    expect(listed.map((row) => row.address)).not.toContain('intruso@otro.test');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.flatMap((m) => m.to)).not.toContain('intruso@otro.test');
    await t.services.limiter.forget(`login:${RECEIVER}`);
  });

  it('lets a confirmation link expire after 48 hours', async () => {
    await call('POST', '/api/client/emails', {
      address: 'tarde@cliente.test',
      password: RECEIVER_PASSWORD,
    });
    const mail = await smtp.waitForMail((m) => m.to.includes('tarde@cliente.test'));
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 48 * 3600_000 + 1000);
    try {
      expect((await confirm(tokenOf(mail))).statusCode).toBe(400);
    } finally {
      t.clock.now = saved;
    }
  });

  it('checks the address and needs a session', async () => {
    const bad = await call('POST', '/api/client/emails', { address: 'no-es-correo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'El correo electrónico no es válido. (campo: address)',
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/client/emails' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('receiver e-mail addresses without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t, { email: 'ignorado@cliente.test' });
  });
  afterAll(() => t.close());

  it('says e-mail is off', async () => {
    const token = await receiverToken(t);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/client/emails',
      headers: { authorization: `Bearer ${token}` },
      payload: { address: 'a@cliente.test', password: RECEIVER_PASSWORD },
    });
    expect(added.statusCode).toBe(403);
    expect(added.json<Message>().message).toMatch(/envío de correos no está activado/);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/client/emails',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    ).toEqual([]);
  });
});
