import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkIn,
  startSmtpHarness,
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
import { ADMIN_TOKEN, ROOT, startPortal, type Portal } from '../support/portal.js';
import { registerReceiver, signInReceiver } from '../support/receiver.js';
import { CONSULTED, ISSUER } from '../support/seed.js';

const FIXTURES = path.join(ROOT, 'packages/ubl/test/fixtures');
const PASSWORD = 'clave-empresa-1';
const ADDRESS = 'conta@cliente.test';

async function api(base: string, method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
  }
  return response.json() as Promise<Record<string, unknown>>;
}

async function publish(base: string, token: string, file: string): Promise<number> {
  const xml = await readFile(path.join(FIXTURES, file));
  const { id } = await api(
    base,
    'POST',
    '/api/company/documents',
    { xml: xml.toString('base64') },
    token,
  );
  return id as number;
}

describe('e-mail notices in Chromium', () => {
  let smtp: SmtpHarness;
  let portal: Portal;
  let browser: Browser;
  let issuer: string;

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    portal = await startPortal({ SMTP_URL: smtp.url, MAIL_FROM: 'SUFEL <avisos@sufel.test>' });
    browser = await launchBrowser();
    // The issuer, one document as the receiver's proof, and the receiver with a confirmed address.
    await api(
      portal.url,
      'POST',
      '/api/companies',
      { ruc: ISSUER.ruc, nombre: 'GASPERSOFT S.A.C.', password: ISSUER.password },
      ADMIN_TOKEN,
    );
    issuer = (await api(portal.url, 'POST', '/api/company/auth', ISSUER)).token as string;
    await publish(portal.url, issuer, CONSULTED.file);
    await registerReceiver(portal.url, PASSWORD, ADDRESS);
    const confirmation = await smtp.waitForMail((mail) => mail.to.includes(ADDRESS));
    const token = linkIn(confirmation, '/client/email/confirm').searchParams.get('token');
    await api(portal.url, 'POST', '/api/client/email-confirmation', { token });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await smtp?.stop();
  });

  it('turns notices on in the profile, and a published document arrives by e-mail and opens', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('notices');
    await signInReceiver(page, portal.url, PASSWORD);
    await page.goto(`${portal.url}/client/perfil`);
    const section = page.getByRole('region', { name: 'Avisos de nuevos comprobantes' });
    const none = section.getByRole('radio', { name: 'No enviar avisos' });
    await none.waitFor();
    expect(await none.isChecked()).toBe(true);
    await section.getByRole('radio', { name: 'Un correo por cada comprobante nuevo' }).check();
    await page.getByText('Preferencia de avisos guardada').waitFor();

    // The choice is stored: a fresh load shows it.
    await page.reload();
    await page
      .getByRole('radio', { name: 'Un correo por cada comprobante nuevo', checked: true })
      .waitFor();
    await shot(page, 'profile-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    const before = smtp.messages.length;
    const id = await publish(portal.url, issuer, '20606433094-01-F001-4.xml');
    const notice = await smtp.waitForMail(
      (mail) => mail.to.includes(ADDRESS) && mail.subject.startsWith('Nuevo comprobante'),
    );
    expect(notice.subject).toBe('Nuevo comprobante: Factura F001-4 de GASPERSOFT EIRL');
    expect(notice.text).toContain('Serie-número: F001-4');
    // Amounts as the portal writes them.
    expect(notice.text).toContain('Total: S/ 423,225.00');
    expect(notice.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(smtp.messages.slice(before).map((mail) => mail.to)).toEqual([[ADDRESS]]);

    // The mail's link opens the document at its own address, over the list.
    const link = linkIn(notice, '/client/documents/');
    expect(link.pathname).toBe(`/client/documents/${id}`);
    await page.goto(`${portal.url}${link.pathname}${link.search}`);
    await page.waitForURL(new RegExp(`/client/documents/${id}\\?desde=`));
    const opened = page.getByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-4' });
    await opened.getByText('DETALLE').waitFor();
    await shot(page, 'opened-from-notice');

    // The unsubscribe link's pages are the portal's, and lead back into it.
    const unsubscribe = linkIn(notice, '/api/notices/unsubscribe');
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${portal.url}${unsubscribe.pathname}${unsubscribe.search}`);
      await page.getByRole('heading', { name: 'Dejar de recibir avisos' }).waitFor();
      await shot(page, `unsubscribe-${size}`);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.getByRole('button', { name: 'Dejar de recibir avisos' }).click();
    await page.getByRole('heading', { name: 'Listo' }).waitFor();
    await shot(page, 'unsubscribed-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Abrir mi perfil' }).click();
    await page
      .getByRole('region', { name: 'Avisos de nuevos comprobantes' })
      .getByRole('radio', { name: 'No enviar avisos', checked: true })
      .waitFor();
    await page.getByRole('radio', { name: 'Un correo por cada comprobante nuevo' }).check();
    await page.getByText('Preferencia de avisos guardada').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the notice choice on a phone', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    const shot = screenshots('notices');
    await signInReceiver(page, portal.url, PASSWORD);
    await page.goto(`${portal.url}/client/perfil`);
    const section = page.getByRole('region', { name: 'Avisos de nuevos comprobantes' });
    await section
      .getByRole('radio', { name: 'Un correo por cada comprobante nuevo', checked: true })
      .waitFor();
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'profile-phone');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });
});
