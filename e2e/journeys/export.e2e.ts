import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
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
import { ROOT, startPortal, type Portal } from '../support/portal.js';
import { registerReceiver } from '../support/receiver.js';
import {
  CONSULTED,
  EXTRA_FACTURAS,
  RECEIVER_RUC,
  seedPortal,
  type SeededFiles,
} from '../support/seed.js';

const PASSWORD = 'clave-contador-1';
/** The receiver's documents of November 2024: the consulted factura, F001-4, a credit note and the extras. */
const NOVEMBER = EXTRA_FACTURAS + 3;

/** Opens the export menu and waits until it says how many documents the export holds. */
async function openExportMenu(page: Page, shot: (page: Page, name: string) => Promise<void>) {
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByText(`Incluirá ${NOVEMBER} comprobantes.`).waitFor();
  await shot(page, 'export-menu');
  expect(await seriousViolations(page)).toEqual([]);
}

async function showNovember(page: Page, portal: Portal): Promise<void> {
  await page.goto(`${portal.url}/client/login`);
  await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/client(\?|$)/);
  // A phone folds the filter form into "Filtros".
  const folded = page.getByRole('button', { name: /^Filtros/ });
  const start = page.getByRole('textbox', { name: 'Fecha inicio', exact: true });
  await start.or(folded).first().waitFor();
  if (await folded.isVisible()) await folded.click();
  await typeDate(page, 'Fecha inicio', '01/11/2024');
  await typeDate(page, 'Fecha fin', '30/11/2024');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.waitForURL(/desde=2024-11-01&hasta=2024-11-30/);
  // The grid on a desktop, one card per document on a phone.
  await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
}

describe('an accountant exporting a month in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  let seeded: SeededFiles;

  beforeAll(async () => {
    portal = await startPortal();
    seeded = await seedPortal(portal.url);
    await registerReceiver(portal.url, PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('exports the filtered month as a ZIP of XML and PDF and opens it', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('export');
    await showNovember(page, portal);

    await openExportMenu(page, shot);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByRole('menuitem', { name: 'ZIP con XML y PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`comprobantes-${RECEIVER_RUC}-2024-11.zip`);
    await page.getByText('Exportación descargada.').waitFor();
    await shot(page, 'exported');

    const saved = await download.path();
    const zip = await JSZip.loadAsync(await readFile(saved));
    const names = Object.keys(zip.files).filter((name) => !name.endsWith('/'));
    expect(names).toContain('resumen.csv');
    expect(names.filter((name) => name.endsWith('.xml'))).toHaveLength(NOVEMBER);
    expect(names.filter((name) => name.endsWith('.pdf'))).toHaveLength(NOVEMBER);
    const folder = `${CONSULTED.emisor}/${CONSULTED.emisor}-01-F001-3`;
    expect(await zip.file(`${folder}.xml`)!.async('nodebuffer')).toEqual(seeded.xml);
    expect(await zip.file(`${folder}.pdf`)!.async('nodebuffer')).toEqual(seeded.pdf);
    expect(
      await zip.file(`${CONSULTED.emisor}/${CONSULTED.emisor}-01-F001-4.xml`)!.async('nodebuffer'),
    ).toEqual(
      await readFile(path.join(ROOT, 'packages/ubl/test/fixtures/20606433094-01-F001-4.xml')),
    );
    const summary = await zip.file('resumen.csv')!.async('string');
    expect(summary.trimEnd().split('\r\n')).toHaveLength(NOVEMBER + 1);

    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Exportar' }).click();
        await page.getByRole('menuitem', { name: 'Excel' }).click();
      })(),
    ]);
    expect(sheet.suggestedFilename()).toBe(`comprobantes-${RECEIVER_RUC}-2024-11.xlsx`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers the same menu on a phone', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    const shot = screenshots('export-phone');
    await showNovember(page, portal);
    await openExportMenu(page, shot);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`comprobantes-${RECEIVER_RUC}-2024-11.csv`);
    await context.close();
  });
});
