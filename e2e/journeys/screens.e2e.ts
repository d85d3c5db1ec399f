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
      // "Nota de Crédito" shows whole in the type filter.
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
});
