import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkIn,
  startSmtpHarness,
  type CapturedMail,
  type SmtpHarness,
} from '../../apps/server/test/helpers/smtp-harness.js';
import {
  DESKTOP,
  launchBrowser,
  newVisitor,
  PHONE,
  screenshots,
  seriousViolations,
  watchForBreakage,
} from '../support/browser.js';
import { typeDate } from '../support/date-field.js';
import { ADMIN_TOKEN, startPortal, type Portal } from '../support/portal.js';
import { CONSULTED, RECEIVER_RUC, seedPortal } from '../support/seed.js';

const ADDRESS = 'facturas@cocacola.pe';
const PASSWORD = 'clave-recuperable-1';
const RESET_PASSWORD = 'clave-recuperada-2';
const OWNER_PASSWORD = 'clave-del-dueno-3';

const mailWithLink = (path: string) => (mail: CapturedMail) =>
  mail.to.includes(ADDRESS) && mail.text.includes(path);

async function signIn(page: Page, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

describe('account recovery by e-mail in Chromium', () => {
  let smtp: SmtpHarness;
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    // Behind a proxy the portal reads client addresses from X-Forwarded-For: strangers come from many.
    portal = await startPortal({
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      SUFEL_CONTACT: 'mailto:mesa@operador.pe',
    });
    await seedPortal(portal.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.stop();
  });

  it('adds and confirms an e-mail, forgets the password and resets it from the mail', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('recovery');

    await page.goto(`${portal.url}/client/login`);
    await page.getByRole('link', { name: 'Regístrese' }).click();
    await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
    await page.getByRole('textbox', { name: 'Razón social', exact: true }).fill('COCA-COLA S.A.');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Repita la contraseña', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'RUC del emisor', exact: true }).fill(CONSULTED.emisor);
    await page
      .getByRole('textbox', { name: 'Serie-Correlativo', exact: true })
      .fill(CONSULTED.documento);
    await typeDate(page, 'Fecha de emisión', CONSULTED.fechaTexto);
    await page.getByRole('textbox', { name: 'Total', exact: true }).fill(CONSULTED.total);
    await shot(page, 'register-with-optional-email');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    // The new account is signed in: its documents, not the login, come next.
    await page.waitForURL(/\/client(\?|$)/);
    await page.getByText('Cuenta creada.').waitFor();
    await page.getByRole('heading', { name: 'Mis comprobantes' }).waitFor();
    await shot(page, 'registered-signed-in');

    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/client/perfil');
    // Without a confirmed address, notices cannot be chosen yet: the card says why and links to adding one.
    await page
      .getByText(
        'Los avisos llegan solo a direcciones confirmadas, y esta cuenta aún no tiene ninguna.',
      )
      .waitFor();
    expect(await page.getByRole('radio', { name: 'Un resumen diario' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Agregar un correo' }).click();
    await shot(page, 'notices-need-address', { fullPage: false });
    await page.getByRole('textbox', { name: 'Nuevo correo electrónico' }).fill(ADDRESS);
    await page.getByRole('textbox', { name: 'Su contraseña actual', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    await page.getByText('Por confirmar').waitFor();
    await shot(page, 'email-to-confirm');
    expect(await seriousViolations(page)).toEqual([]);

    const confirmation = await smtp.waitForMail(mailWithLink('/client/email/confirm'));
    await page.goto(linkIn(confirmation, '/client/email/confirm').href);
    await page.getByText('Dirección de correo confirmada.').waitFor();
    await shot(page, 'email-confirmed');
    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.getByText('Confirmada', { exact: true }).waitFor();
    await shot(page, 'profile-confirmed');

    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL('**/client/login');
    await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
    await page.waitForURL('**/client/reset-password');
    await page
      .getByText(/el operador del portal restablece su contraseña/)
      .first()
      .waitFor();
    expect(
      await page.getByRole('link', { name: 'mesa@operador.pe' }).first().getAttribute('href'),
    ).toBe('mailto:mesa@operador.pe');
    await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
    await shot(page, 'forgot-password');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText(/le enviamos un enlace válido por 30 minutos/).waitFor();
    await shot(page, 'reset-link-sent');

    const reset = await smtp.waitForMail(mailWithLink('/client/password-reset'));
    await page.goto(linkIn(reset, '/client/password-reset').href);
    await page.getByText(`Cuenta del RUC ${RECEIVER_RUC}`).waitFor();
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(RESET_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Repita la nueva contraseña', exact: true })
      .fill(RESET_PASSWORD);
    await shot(page, 'new-password');
    expect(await seriousViolations(page)).toEqual([]);
    // Saving the same password again is refused, in words.
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(PASSWORD);
    await page
      .getByRole('textbox', { name: 'Repita la nueva contraseña', exact: true })
      .fill(PASSWORD);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('La nueva contraseña es igual a la actual. Elija una distinta.').waitFor();
    await shot(page, 'same-password-refused');
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(RESET_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Repita la nueva contraseña', exact: true })
      .fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.waitForURL(`**/client/login?ruc=${RECEIVER_RUC}`);
    await page.getByText('Contraseña restablecida. Ya puede ingresar.').waitFor();
    await shot(page, 'reset-done');
    await signIn(page, RESET_PASSWORD);
    await page.waitForURL(/\/client$/);
    await shot(page, 'signed-in-after-reset');

    // The used link says so at once, on a desktop and on a phone, before any password is typed.
    const usedLink = linkIn(reset, '/client/password-reset').href;
    await page.goto(usedLink);
    await page.getByText('El enlace no es válido o ya venció. Solicite uno nuevo.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).count()).toBe(
      0,
    );
    await shot(page, 'reset-link-used');
    const phone = await newVisitor(browser, PHONE);
    const phoneShot = screenshots('recovery-phone');
    await phone.page.goto(usedLink);
    await phone.page.getByText('El enlace no es válido o ya venció. Solicite uno nuevo.').waitFor();
    await phoneShot(phone.page, 'reset-link-used');
    await phone.page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).click();
    await phone.page.waitForURL('**/client/reset-password');
    await phone.page.getByText(/el operador del portal restablece su contraseña/).waitFor();
    await phoneShot(phone.page, 'forgot-password-contact');
    await phone.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lets the owner in, with a verification, after strangers' wrong guesses", async () => {
    const admin = await fetch(`${portal.url}/api/clients/${RECEIVER_RUC}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: OWNER_PASSWORD }),
    });
    expect(admin.status).toBe(200);

    const guess = (address: string, password: string) =>
      fetch(`${portal.url}/api/client/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ documento: RECEIVER_RUC, password }),
      });
    const answers = [];
    for (let stranger = 1; stranger <= 8; stranger++) {
      const answer = await guess(`203.0.113.${stranger}`, `adivinanza-${stranger}`);
      answers.push({
        status: answer.status,
        body: (await answer.json()) as Record<string, unknown>,
      });
    }
    expect(answers[0]).toMatchObject({ status: 400, body: { attemptsLeft: 4 } });
    expect(answers.at(-1)).toMatchObject({ status: 429, body: { challengeRequired: true } });
    // A client that never solves challenges stays throttled, even with the right password.
    expect((await guess('198.51.100.7', OWNER_PASSWORD)).status).toBe(429);

    const { context, page } = await newVisitor(browser, PHONE);
    const problems = watchForBreakage(page);
    const shot = screenshots('recovery-owner');
    const challenges: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/challenge') challenges.push(request.url());
    });
    await page.goto(`${portal.url}/client/login?ruc=${RECEIVER_RUC}`);
    await shot(page, 'login');
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, 'me-equivoque-1');
    await page.getByText('El próximo intento pedirá una verificación.').waitFor();
    await shot(page, 'owner-mistyped');
    await signIn(page, OWNER_PASSWORD);
    await page.waitForURL(/\/client$/);
    expect(challenges.length).toBeGreaterThanOrEqual(2);
    await shot(page, 'owner-signed-in');

    await page.goto(`${portal.url}/client/perfil`);
    await page.getByText(ADDRESS).waitFor();
    await shot(page, 'profile');
    await page.goto(`${portal.url}/client/reset-password`);
    await page.getByRole('button', { name: 'Enviar enlace' }).waitFor();
    await shot(page, 'forgot-password');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets a colleague in, with a longer verification, behind a connection many failed from', async () => {
    const office = '198.51.100.80';
    for (let guess = 0; guess < 21; guess++) {
      const refused = await fetch(`${portal.url}/api/client/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': office },
        body: JSON.stringify({
          documento: `2010007${String(guess).padStart(4, '0')}`,
          password: 'x',
        }),
      });
      expect(refused.status).toBe(guess < 20 ? 400 : 429);
    }

    const { context, page } = await newVisitor(browser, PHONE);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': office });
    const problems = watchForBreakage(page);
    const shot = screenshots('recovery-office');
    const levels: (string | null)[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/challenge') levels.push(url.searchParams.get('level'));
    });
    await page.goto(`${portal.url}/client/login?ruc=${RECEIVER_RUC}`);
    await signIn(page, OWNER_PASSWORD);
    await page.getByText(/^Hubo muchos intentos fallidos desde su conexión\./).waitFor();
    await shot(page, 'verifying');
    await page.waitForURL(/\/client$/);
    expect(levels).toEqual(['address']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
