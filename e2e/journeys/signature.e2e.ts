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
import { startPortal, type Portal } from '../support/portal.js';
import { CONSULTED, seedPortal } from '../support/seed.js';

async function consult(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/document/login`);
  await page.getByLabel('RUC del emisor').fill(CONSULTED.emisor);
  await page.getByLabel('Serie-Correlativo').fill(CONSULTED.documento);
  await page.getByLabel('Tipo de documento').selectOption(CONSULTED.tipo);
  await page.getByLabel('Fecha de emisión').fill(CONSULTED.fechaTexto);
  await page.getByLabel('Total').fill(CONSULTED.total);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await page.waitForURL(/\/document$/);
  await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
}

describe('signature and SUNAT status in the document view', () => {
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

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('shows who signed the XML and SUNAT status (%s)', async (name, viewport) => {
    const { context, page } = await newVisitor(browser, viewport);
    const problems = watchForBreakage(page);
    const shot = screenshots(`signature-${name}`);
    await consult(page, portal.url);
    const signature = page.getByRole('region', { name: 'FIRMA DIGITAL' });
    await signature.getByText(/Firma válida — firmado por/).waitFor();
    expect(await signature.textContent()).toMatch(
      /\(RUC 20606433094\), certificado vigente del 20\/11\/2024 al 20\/11\/2026/,
    );
    await page.getByText('DETALLE').waitFor();
    await shot(page, 'document');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
