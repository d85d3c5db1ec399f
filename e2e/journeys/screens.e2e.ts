import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyViolations,
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
import { CONSULTED, RECEIVER_RUC, seedPortal } from '../support/seed.js';

const PASSWORD = 'clave-pantallas-1';

/** Screenshots land in e2e/artifacts/screens-<stage>-<size>-…: SCREENS_STAGE=before keeps a baseline. */
const STAGE = process.env.SCREENS_STAGE ?? 'after';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
}

async function register(page: Page, portal: Portal): Promise<void> {
  await page.goto(`${portal.url}/client/register`);
  await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
  await page.getByRole('textbox', { name: 'Razón social', exact: true }).fill('RECEPTOR S.A.C.');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Repita la contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'RUC del emisor', exact: true }).fill(CONSULTED.emisor);
  await page
    .getByRole('textbox', { name: 'Serie-Correlativo', exact: true })
    .fill(CONSULTED.documento);
  await typeDate(page, 'Fecha de emisión', CONSULTED.fechaTexto);
  await page.getByRole('textbox', { name: 'Total', exact: true }).fill(CONSULTED.total);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // Registering signs the account in and opens its documents.
  await page.getByRole('heading', { name: 'Mis comprobantes' }).waitFor();
}

describe('every screen on a phone and on a desktop', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    await seedPortal(portal.url);
    browser = await launchBrowser();
    const { context, page } = await newVisitor(browser, DESKTOP);
    await register(page, portal);
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows each screen whole and accessible on a ${size}`, async () => {
      const { context, page } = await newVisitor(browser, viewport);
      const problems = watchForBreakage(page);
      const shot = screenshots(`screens-${STAGE}-${size}`);
      const look = async (name: string) => {
        await settle(page);
        await shot(page, name);
        expect(await seriousViolations(page)).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      };

      for (const [name, path] of [
        ['home', '/'],
        ['consultation', '/document/login'],
        ['client-login', '/client/login'],
        ['register', '/client/register'],
        ['reset-password', '/client/reset-password'],
      ] as const) {
        await page.goto(`${portal.url}${path}`);
        // The two front doors arrive rendered by the server; the others render here.
        expect(await page.locator('#root').getAttribute('data-prerendered'), name).toBe(
          path === '/' || path === '/document/login' ? path : null,
        );
        await look(name);
        if (path === '/document/login') {
          // The top bar names the login it leads to: the consultation needs none.
          await page.getByRole('link', { name: 'Acceso empresas' }).waitFor();
        }
      }

      await page.goto(`${portal.url}/document/login`);
      await page.getByLabel('RUC del emisor').fill(CONSULTED.emisor);
      await page.getByLabel('Serie-Correlativo').fill(CONSULTED.documento);
      await page.getByLabel('Fecha de emisión').fill(CONSULTED.fechaTexto);
      await page.getByLabel('Total').fill(CONSULTED.total);
      await page.getByRole('button', { name: 'Consultar' }).click();
      await page.waitForURL(/\/document$/);
      await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
      await look('document');

      await page.goto(`${portal.url}/client/login`);
      await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
      await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL(/\/client(\?|$)/);
      await look('dashboard');
      // "Nota de Crédito" shows whole in the type filter, which a phone folds into "Filtros".
      const folded = page.getByRole('button', { name: /^Filtros/ });
      await page.getByRole('combobox', { name: 'Tipo' }).or(folded).first().waitFor();
      if (await folded.isVisible()) await folded.click();
      await page.getByRole('combobox', { name: 'Tipo' }).click();
      await page.getByRole('option', { name: 'Nota de Crédito' }).click();
      const chosenType = page.getByRole('combobox', { name: 'Tipo' });
      await expect(chosenType.textContent()).resolves.toBe('Nota de Crédito');
      expect(
        await chosenType.evaluate((select) => select.scrollWidth - select.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.goto(`${portal.url}/client/perfil`);
      await look('profile');
      // Its cards share one width.
      const cardWidths = await page
        .locator('main section.MuiCard-root')
        .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().width));
      expect(cardWidths.length).toBeGreaterThanOrEqual(3);
      expect(new Set(cardWidths).size).toBe(1);
      // Prerendered signed out, the home page shows the open session once hydrated.
      await page.goto(`${portal.url}/`);
      const documents = page.getByRole('link', { name: 'Mis comprobantes' });
      await documents.waitFor();
      await look('home-signed-in');
      // One line, as tall as the bar's other controls.
      expect((await documents.boundingBox())!.height).toBeLessThanOrEqual(48);

      expect(problems).toEqual([]);
      await context.close();
    });
  }

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`has nothing axe finds in any dialog, nor in English, on a ${size}`, async () => {
      const { context, page } = await newVisitor(browser, viewport);
      const problems = watchForBreakage(page);
      const shot = screenshots(`screens-${STAGE}-${size}-dialogs-english`);
      /** A page is seen whole; a dialog or a menu as the screen shows it. */
      const audit = async (name: string, { fullPage = true, floating = false } = {}) => {
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        await shot(page, name, { fullPage });
        // A pop-up menu floats outside the page's landmarks, which axe's "region" (moderate)
        // counts against it; there only the serious and critical findings count.
        expect(await (floating ? seriousViolations : anyViolations)(page), name).toEqual([]);
      };
      const opened = async (name: string | RegExp) => {
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        // Past its opening transition, so axe measures the colours it ends with.
        await page.waitForTimeout(400);
        return dialog;
      };
      const closeWithEscape = async (dialog: ReturnType<Page['getByRole']>) => {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      };

      // The consultation's dialogs; this browser has no camera, and the QR dialog says so.
      await page.goto(`${portal.url}/document/login`);
      await settle(page);
      await page.getByRole('button', { name: 'Escanear QR' }).click();
      const scanner = await opened('Escanear el código QR');
      await scanner.getByRole('alert').waitFor();
      await audit('qr-dialog', { fullPage: false });
      await closeWithEscape(scanner);
      await page.getByRole('button', { name: 'Elegir la fecha en un calendario' }).click();
      const calendar = await opened('Fecha de emisión');
      await audit('calendar-dialog', { fullPage: false });
      await closeWithEscape(calendar);
      // The language switch highlighted under the pointer keeps its text readable.
      await page.getByRole('button', { name: 'EN: Cambiar el idioma a inglés' }).hover();
      await audit('language-highlighted', { fullPage: false });

      // The dashboard's dialogs and menus, on November's documents.
      await page.goto(`${portal.url}/client/login`);
      await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
      await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL(/\/client(\?|$)/);
      await page.goto(`${portal.url}/client?desde=2024-11-01&hasta=2024-11-30`);
      await settle(page);
      await page.getByRole('button', { name: /^(Ver )?Factura F001-4\b/ }).click();
      const sheet = await opened(/ELECTRÓNICA F001-4$/);
      await sheet.getByRole('button', { name: /XML/ }).first().waitFor();
      await audit('document-dialog', { fullPage: false });
      await closeWithEscape(sheet);
      await page.getByRole('button', { name: 'Exportar' }).click();
      const formats = page.getByRole('menu');
      await formats.getByRole('menuitem', { name: 'CSV' }).waitFor();
      await audit('export-menu', { fullPage: false, floating: true });
      await page.keyboard.press('Escape');
      await formats.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Agregar comprobantes' }).click();
      const upload = await opened('Agregar comprobantes');
      await audit('add-documents-dialog', { fullPage: false });
      await upload.getByRole('button', { name: 'Cerrar' }).click();
      await upload.waitFor({ state: 'detached' });
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        const menu = await opened('Menú');
        await audit('menu-drawer', { fullPage: false });
        await closeWithEscape(menu);
      }

      // Every screen again in English, signed in and then signed out.
      await page.getByRole('button', { name: 'EN: Cambiar el idioma a inglés' }).click();
      await page.getByRole('heading', { name: 'My documents' }).waitFor();
      await audit('en-dashboard');
      for (const [name, path] of [
        ['en-payables', '/client/por-pagar'],
        ['en-detractions', '/client/detracciones'],
        ['en-withholdings', '/client/retenciones'],
        ['en-reconciliation', '/client/conciliacion'],
        ['en-profile', '/client/perfil'],
        ['en-home-signed-in', '/'],
      ] as const) {
        await page.goto(`${portal.url}${path}`);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.lang), name).toBe('en');
        await audit(name);
      }
      await page.goto(`${portal.url}/client?desde=2024-11-01&hasta=2024-11-30`);
      await settle(page);
      await page.getByRole('button', { name: /^(View )?Invoice F001-4\b/ }).click();
      const english = await opened(/ELECTRONIC INVOICE F001-4$/);
      await english.getByRole('button', { name: /XML/ }).first().waitFor();
      await audit('en-document-dialog', { fullPage: false });
      await closeWithEscape(english);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/client\/login/);

      for (const [name, path] of [
        ['en-home', '/'],
        ['en-client-login', '/client/login'],
        ['en-register', '/client/register'],
        ['en-reset-password', '/client/reset-password'],
        ['en-unknown-address', '/no-such-page'],
        ['en-consultation', '/document/login'],
      ] as const) {
        await page.goto(`${portal.url}${path}`);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.lang), name).toBe('en');
        await audit(name);
      }
      await page.getByRole('button', { name: 'Scan QR' }).click();
      const englishScanner = await opened('Scan the QR code');
      await englishScanner.getByRole('alert').waitFor();
      await audit('en-qr-dialog', { fullPage: false });
      await closeWithEscape(englishScanner);
      await page.getByLabel("Issuer's RUC").fill(CONSULTED.emisor);
      await page.getByLabel('Series-Number').fill(CONSULTED.documento);
      await page.getByLabel('Issue date').fill(CONSULTED.fechaTexto);
      await page.getByLabel('Total').fill(CONSULTED.total);
      await page.getByRole('button', { name: 'Look up' }).click();
      await page.waitForURL(/\/document$/);
      await page.getByRole('heading', { name: 'ELECTRONIC INVOICE' }).waitFor();
      await audit('en-document');

      expect(problems).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
