import { API_MESSAGES } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { solvedChallenge } from '../../../test/helpers/challenge.js';
import {
  RECEIVER,
  RECEIVER_PASSWORD,
  receiverToken,
  registerReceiver,
} from '../../../test/helpers/receivers.js';
import {
  linkIn,
  startSmtpHarness,
  type CapturedMail,
  type SmtpHarness,
} from '../../../test/helpers/smtp-harness.js';

const OWNER = 'dueno@cliente.test';
const PORTAL = 'https://portal.sufel.test';

describe('password reset by mailed link', () => {
  let smtp: SmtpHarness;
  let t: TestApp;
  let password = RECEIVER_PASSWORD;

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: PORTAL },
      mailWorkerOptions: { pollMs: 200 },
    });
    await registerReceiver(t, { email: OWNER });
    const confirmation = await smtp.waitForMail((m) => m.to.includes(OWNER));
    const token = linkIn(confirmation, '/client/email/confirm').searchParams.get('token')!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/client/email-confirmation',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const requestReset = (receiverRuc: string = RECEIVER, remoteAddress = '10.7.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/password-reset/request',
      payload: { documento: receiverRuc },
      remoteAddress,
    });
  const confirmReset = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/password-reset/confirm',
      payload: { token, password: newPassword, repeat_password: newPassword },
    });
  const checkLink = (token: string, remoteAddress = '10.7.0.5') =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/password-reset/link',
      payload: { token },
      remoteAddress,
    });
  const login = (pass: string, remoteAddress = '10.7.0.9', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: RECEIVER, password: pass },
      remoteAddress,
      headers,
    });
  const issuers = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/client/companies',
      headers: { authorization: `Bearer ${token}` },
    });
  async function resetMail(after: number): Promise<CapturedMail> {
    return smtp.waitForMail(
      (m) =>
        smtp.messages.indexOf(m) >= after && m.subject === 'Restablezca su contraseña de SUFEL',
    );
  }
  const tokenOf = (mail: CapturedMail) =>
    linkIn(mail, '/client/password-reset').searchParams.get('token')!;

  it('mails a single-use link that ends every session and is announced', async () => {
    const session = await receiverToken(t, password);
    const before = smtp.messages.length;
    const requested = await requestReset();
    expect(requested.statusCode).toBe(200);
    expect(requested.json<{ message: string }>().message).toMatch(/válido por 30 minutos/);
    const mail = await resetMail(before);
    expect(mail.to).toEqual([OWNER]);

    const live = await checkLink(tokenOf(mail));
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ documento: RECEIVER });
    const weak = await confirmReset(tokenOf(mail), '12345678');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: API_MESSAGES.weakPassword });
    const same = await confirmReset(tokenOf(mail), password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ message: API_MESSAGES.samePassword });
    // The clock stands still: the session ends even when the reset comes within its second.
    const reset = await confirmReset(tokenOf(mail), 'clave-nueva-por-correo');
    expect(reset.statusCode).toBe(200);
    password = 'clave-nueva-por-correo';
    expect((await issuers(session)).statusCode).toBe(401);
    expect((await login(RECEIVER_PASSWORD)).statusCode).toBe(400);
    expect((await login(password)).statusCode).toBe(200);

    const used = await checkLink(tokenOf(mail));
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ message: API_MESSAGES.invalidLink });
    const again = await confirmReset(tokenOf(mail), 'otra-clave-distinta');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'El enlace no es válido o ya venció. Solicite uno nuevo.',
    });
    const notice = await smtp.waitForMail(
      (m) => smtp.messages.indexOf(m) >= before && m.subject === 'Su contraseña de SUFEL cambió',
    );
    expect(notice.to).toEqual([OWNER]);
    expect(notice.text).toContain('se restableció con un enlace enviado por correo');
  });

  it('links to PUBLIC_URL, never to the host the request names', async () => {
    const before = smtp.messages.length;
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/client/password-reset/request',
      payload: { documento: RECEIVER },
      remoteAddress: '10.7.0.3',
      headers: { host: 'attacker.test', 'x-forwarded-host': 'attacker.test' },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await resetMail(before);
    expect(linkIn(mail, '/client/password-reset').origin).toBe(PORTAL);
    expect(mail.text).not.toContain('attacker.test');
  });

  it('refuses a link older than 30 minutes', async () => {
    const before = smtp.messages.length;
    await requestReset();
    const mail = await resetMail(before);
    t.clock.now = new Date(t.clock.now.getTime() + 30 * 60_000 + 1000);
    expect((await checkLink(tokenOf(mail))).statusCode).toBe(400);
    expect((await checkLink('no-es-un-enlace')).statusCode).toBe(400);
    expect((await confirmReset(tokenOf(mail), 'clave-demasiado-tarde')).statusCode).toBe(400);
    expect((await login(password)).statusCode).toBe(200);
  });

  it('answers the same for accounts without a confirmed address, and mails nothing', async () => {
    const before = smtp.messages.length;
    const unknown = await requestReset('20100070970', '10.7.0.2');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual((await requestReset(RECEIVER, '10.7.0.2')).json());
    await resetMail(before);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.slice(before).flatMap((m) => m.to)).toEqual([OWNER]);
  });

  it('lets the owner in past strangers’ guesses, and a reset clears the account’s failures', async () => {
    // Eight wrong passwords from eight addresses: past the fifth, guessing needs work too.
    const statuses = [];
    for (let n = 1; n <= 8; n++)
      statuses.push((await login('adivinando', `192.0.2.${n}`)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const refused = await login(password, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ challengeRequired: boolean }>().challengeRequired).toBe(true);
    const verified = await login(password, '198.51.100.7', await solvedChallenge(t));
    expect(verified.statusCode).toBe(200);

    const before = smtp.messages.length;
    await requestReset(RECEIVER, '10.7.0.3');
    await confirmReset(tokenOf(await resetMail(before)), 'clave-tras-ataque');
    password = 'clave-tras-ataque';
    expect((await login(password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('refuses a new password equal to the current one, and keeps every session', async () => {
    const session = await receiverToken(t, password);
    const unchanged = await t.app.inject({
      method: 'POST',
      url: '/api/client/change-password',
      headers: { authorization: `Bearer ${session}` },
      payload: { old: password, new: password },
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({ message: API_MESSAGES.samePassword });
    expect((await issuers(session)).statusCode).toBe(200);
  });

  it('announces a password change to the confirmed addresses', async () => {
    const before = smtp.messages.length;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/client/change-password',
      headers: { authorization: `Bearer ${await receiverToken(t, password)}` },
      payload: { old: password, new: 'clave-cambiada-1' },
    });
    expect(changed.statusCode).toBe(200);
    password = 'clave-cambiada-1';
    const notice = await smtp.waitForMail(
      (m) => smtp.messages.indexOf(m) >= before && m.text.includes('se cambió desde el perfil'),
    );
    expect(notice).toMatchObject({ to: [OWNER], subject: 'Su contraseña de SUFEL cambió' });
  });

  it('lets the operator set a password through the admin API, ending sessions of that second', async () => {
    const session = await receiverToken(t, password);
    const set = (receiverRuc: string, token = ADMIN_TOKEN) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/clients/${receiverRuc}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { password: 'clave-del-operador' },
      });
    expect((await set(RECEIVER, 'x'.repeat(32))).statusCode).toBe(401);
    const weak = await t.app.inject({
      method: 'PATCH',
      url: `/api/clients/${RECEIVER}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { password: RECEIVER },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: API_MESSAGES.weakPassword });
    expect((await issuers(session)).statusCode).toBe(200);
    const before = smtp.messages.length;
    expect((await set(RECEIVER)).statusCode).toBe(200);
    expect((await issuers(session)).statusCode).toBe(401);
    expect((await login('clave-del-operador')).statusCode).toBe(200);
    const notice = await smtp.waitForMail(
      (m) =>
        smtp.messages.indexOf(m) >= before &&
        m.text.includes('la restableció el operador del portal'),
    );
    expect(notice).toMatchObject({ to: [OWNER], subject: 'Su contraseña de SUFEL cambió' });
    const missing = await set('20100070970');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No existe una cuenta para este RUC.' });
  });
});

describe('password reset without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says e-mail is off and points to the operator', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client/password-reset/request',
      payload: { documento: RECEIVER },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/Pida al operador/);
  });
});
