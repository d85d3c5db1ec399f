import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { startPortal, type Portal } from '../support/portal.js';
import { CONSULTED, EXTRA_FACTURAS, RECEIVER_RUC, seedPortal } from '../support/seed.js';

const PASSWORD = 'clave-empresa-1';
const NEW_PASSWORD = 'clave-empresa-2';

async function fillProof(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'RUC del emisor', exact: true }).fill(CONSULTED.emisor);
  await page
    .getByRole('textbox', { name: 'Serie-Correlativo', exact: true })
    .fill(CONSULTED.documento);
  await typeDate(page, 'Fecha de emisión', CONSULTED.fechaTexto);
  await page.getByRole('textbox', { name: 'Total', exact: true }).fill(CONSULTED.total);
}

async function login(page: Page, portal: Portal, password: string): Promise<void> {
  await page.goto(`${portal.url}/client/login`);
  await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/client(\?|$)/);
  await page.getByRole('heading', { name: 'Mis comprobantes' }).waitFor();
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL('**/client/login');
}

describe('company receiver in Chromium', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    await seedPortal(portal.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('registers with proof, filters and pages, downloads, changes password, logs out and in', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('company');

    await page.goto(`${portal.url}/`);
    await page.getByRole('link', { name: 'Consulta para empresas' }).click();
    await page.waitForURL('**/client/login');
    await shot(page, 'login');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Regístrese' }).click();
    await page.waitForURL('**/client/register');
    await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
    await page
      .getByRole('textbox', { name: 'Razón social', exact: true })
      .fill('COCA-COLA SERVICIOS DE PERU S.A.');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Repita la contraseña', exact: true }).fill(PASSWORD);
    await fillProof(page);
    await shot(page, 'register');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    // Registering signs the new account in: no password typed a second time.
    await page.getByText('Cuenta creada.').waitFor();
    await shot(page, 'registered');

    // It opens on the month of the latest document, never on an empty today.
    await page.waitForURL(/desde=2024-11-01&hasta=2024-11-30/);
    await page.getByText(/^Su comprobante más reciente es del \d{2}\/11\/2024\.$/).waitFor();
    const rows = page.locator('.MuiDataGrid-row');
    await page.getByText(/^1–25 de \d+$/).waitFor();
    expect(await rows.count()).toBe(25);
    await shot(page, 'dashboard-default');
    expect(await seriousViolations(page)).toEqual([]);

    await typeDate(page, 'Fecha inicio', '01/01/2024');
    await typeDate(page, 'Fecha fin', '31/12/2024');
    await page.getByRole('button', { name: 'Buscar' }).click();
    // Rows of the earlier list are dropped as soon as the filter changes, so the
    // rows counted below are those of the new one.
    await page.waitForURL(/desde=2024-01-01&hasta=2024-12-31/);
    const total = EXTRA_FACTURAS + 3;
    expect(total).toBeGreaterThan(50);
    await page.getByText(`1–25 de ${total}`).waitFor();
    expect(await rows.count()).toBe(25);
    await shot(page, 'dashboard-page-1');
    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await page.getByText(`26–50 de ${total}`).waitFor();
    await page.waitForURL(/pagina=2/);
    await shot(page, 'dashboard-page-2');

    // A row's files sit behind one menu, so amounts and names keep their room.
    await page
      .getByRole('button', { name: /^Descargar archivos de / })
      .first()
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /^Descargar XML de / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^20606433094-0[17]-F001-\d+\.xml$/);
    await shot(page, 'downloaded');

    await rows.first().click();
    // Named after the document it shows, which has no card inside the dialog.
    const opened = page.getByRole('dialog', { name: /^FACTURA ELECTRÓNICA F001-\d+$/ });
    await opened.getByRole('heading', { level: 1 }).waitFor();
    await opened.getByText('DETALLE').waitFor();
    expect(
      await opened.getByRole('article').evaluate((sheet) => getComputedStyle(sheet).boxShadow),
    ).toBe('none');
    await shot(page, 'document-dialog', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await opened.getByRole('button', { name: 'Ver PDF' }).click();
    // The preview takes the document's place: one dialog, not two stacked.
    const preview = page.getByRole('dialog', { name: /^Representación impresa · / });
    expect(await preview.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await shot(page, 'pdf-preview', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Volver al comprobante' }).click();
    await opened.getByText('DETALLE').waitFor();
    await opened.getByRole('button', { name: 'Cerrar' }).click();
    await opened.waitFor({ state: 'detached' });

    // The filter and the page survive a reload and a visit to the profile.
    const listUrl = page.url();
    await page.reload();
    await page.getByText(`26–50 de ${total}`).waitFor();
    expect(page.url()).toBe(listUrl);

    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/client/perfil');
    await page.getByRole('textbox', { name: 'Contraseña actual', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Repita la nueva contraseña', exact: true })
      .fill('otra-distinta-1');
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden.').first().waitFor();
    await page
      .getByRole('textbox', { name: 'Repita la nueva contraseña', exact: true })
      .fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await page.getByText('Contraseña actualizada').first().waitFor();
    await shot(page, 'password-changed');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goBack();
    await page.waitForURL(listUrl);
    await page.getByText(`26–50 de ${total}`).waitFor();
    // Information stays on the screen it was shown on.
    expect(await page.getByText('Contraseña actualizada').count()).toBe(0);
    await shot(page, 'back-from-profile');

    await logout(page);
    await login(page, portal, NEW_PASSWORD);
    await shot(page, 'logged-in-again');
    await logout(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps guarded areas closed and says when an address has no page', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    for (const [from, to] of [
      ['/client', '/client/login'],
      ['/client/perfil', '/client/login'],
      ['/document', '/document/login'],
    ] as const) {
      await page.goto(`${portal.url}${from}`);
      await page.waitForURL((url) => url.pathname === to);
    }
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const shot = screenshots(`not-found-${size}`);
      await page.setViewportSize(viewport);
      for (const unknown of ['/no/existe', '/client/otra']) {
        await page.goto(`${portal.url}${unknown}`);
        await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
        expect(new URL(page.url()).pathname).toBe(unknown);
        await shot(page, unknown.replaceAll('/', '-').slice(1));
        expect(await seriousViolations(page)).toEqual([]);
      }
      await page.getByRole('link', { name: 'Ir al inicio' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    }
    await context.close();
  });
});
