import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
import { writeQrVideo } from '../support/fake-camera.js';
import { startPortal, type Portal } from '../support/portal.js';
import { CONSULTED, seedPortal, type SeededFiles } from '../support/seed.js';

async function fillConsultation(page: Page, total: string): Promise<void> {
  await page.getByLabel('RUC del emisor').fill(CONSULTED.emisor);
  await page.getByLabel('Serie-Correlativo').fill(CONSULTED.documento.toLowerCase());
  await page.getByLabel('Tipo de documento').selectOption(CONSULTED.tipo);
  await page.getByLabel('Fecha de emisión').fill(CONSULTED.fechaTexto);
  await page.getByLabel('Total').fill(total);
}

async function downloadBytes(
  page: Page,
  buttonName: string,
  role: 'button' | 'link' = 'button',
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole(role, { name: buttonName, exact: true }).click(),
  ]);
  const file = path.join(tmpdir(), `sufel-e2e-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

describe('individual consultation in Chromium', () => {
  let portal: Portal;
  let browser: Browser;
  let files: SeededFiles;

  beforeAll(async () => {
    portal = await startPortal();
    files = await seedPortal(portal.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('home → wrong data → right data → details → downloads → new consultation', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('consultation-desktop');

    await page.goto(`${portal.url}/`);
    await expect(page.getByRole('link', { name: 'Consulta individual' }).isVisible()).resolves.toBe(
      true,
    );
    await shot(page, 'home');
    expect(await seriousViolations(page)).toEqual([]);

    // English downloads when chosen, survives a reload, and Spanish comes back at once.
    await page.getByRole('button', { name: 'EN: Cambiar el idioma a inglés' }).click();
    await page.getByRole('heading', { name: 'Electronic documents' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Electronic documents' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('button', { name: 'ES: Switch the language to Spanish' }).click();
    await page.getByRole('link', { name: 'Consulta individual' }).waitFor();

    await page.getByRole('link', { name: 'Consulta individual' }).click();
    await page.waitForURL('**/document/login');
    await page.getByRole('heading', { name: 'Consulta de Comprobante Electrónico' }).waitFor();
    await shot(page, 'form');
    expect(await seriousViolations(page)).toEqual([]);

    await fillConsultation(page, '1181.00');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByText('No se encontraron resultados.').waitFor();
    await shot(page, 'not-found');

    await page.getByLabel('Total').fill(CONSULTED.total);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.waitForURL(/\/document$/);
    await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
    await page.getByText('F001-3', { exact: true }).first().waitFor();
    await page.getByText('DETALLE').waitFor();
    await shot(page, 'document');
    expect(await seriousViolations(page)).toEqual([]);

    const xml = await downloadBytes(page, 'Descargar XML');
    expect(xml.name).toBe('20606433094-01-F001-3.xml');
    expect(xml.bytes.equals(files.xml)).toBe(true);
    const pdf = await downloadBytes(page, 'Descargar PDF');
    expect(pdf.name).toBe('20606433094-01-F001-3.pdf');
    expect(pdf.bytes.equals(files.pdf)).toBe(true);

    await page.getByRole('button', { name: 'Ver PDF' }).click();
    const preview = page.getByRole('dialog', { name: 'Representación impresa · Factura F001-3' });
    const frame = preview.locator('iframe[title="PDF de Factura F001-3"]');
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await page.waitForTimeout(1000);
    await shot(page, 'pdf-preview');
    const previewed = await downloadBytes(page, 'Descargar', 'link');
    expect(previewed.name).toBe('20606433094-01-F001-3.pdf');
    expect(previewed.bytes.equals(files.pdf)).toBe(true);
    await preview.getByRole('button', { name: 'Cerrar' }).click();
    await preview.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Nueva consulta' }).click();
    await page.waitForURL('**/document/login');
    await expect(page.getByLabel('Serie-Correlativo').inputValue()).resolves.toBe('');
    await shot(page, 'new-consultation');

    // Back from a consulted document finds the form as it was sent.
    await fillConsultation(page, 'S/ 1,180.00');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/document/login');
    await page.getByRole('button', { name: 'Consultar' }).waitFor();
    expect(
      await Promise.all(
        ['RUC del emisor', 'Serie-Correlativo', 'Fecha de emisión', 'Total'].map((label) =>
          page.getByLabel(label).inputValue(),
        ),
      ),
    ).toEqual([CONSULTED.emisor, CONSULTED.documento, CONSULTED.fechaTexto, 'S/ 1,180.00']);
    await shot(page, 'back-to-filled-form');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByRole('button', { name: 'Nueva consulta' }).click();
    await page.waitForURL('**/document/login');
    await page.goto(`${portal.url}/document`);
    await page.waitForURL('**/document/login');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone, reads a pasted RUC and date, says what must match, then finds the document', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
    const problems = watchForBreakage(page);
    const shot = screenshots('consultation-phone-paste');
    const paste = async (label: string, text: string) => {
      const field = page.getByLabel(label);
      await field.fill('');
      await field.focus();
      await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
      await page.keyboard.press('ControlOrMeta+V');
    };

    await page.goto(`${portal.url}/document/login`);
    await page.getByRole('heading', { name: 'Consulta de Comprobante Electrónico' }).waitFor();
    expect(await page.title()).toBe('Consulta de comprobante — SUFEL');
    await paste('RUC del emisor', 'R.U.C. N° 20606433094');
    await expect(page.getByLabel('RUC del emisor').inputValue()).resolves.toBe('20606433094');
    await paste('RUC del emisor', ' 20606433094');
    await expect(page.getByLabel('RUC del emisor').inputValue()).resolves.toBe('20606433094');
    await page.getByLabel('Serie-Correlativo').fill('F001-00000003');
    await page.getByLabel('Total').fill(CONSULTED.total);
    await shot(page, 'filled-date-left-today');

    // The date is still today's: nothing matches, and the page says why that may be.
    await page.getByRole('button', { name: 'Consultar' }).click();
    const notFound = page
      .getByRole('alert')
      .filter({ hasText: 'Cada dato debe ser el impreso en el comprobante:' });
    await notFound.waitFor();
    await expect(notFound.textContent()).resolves.toContain('No se encontraron resultados.');
    await expect(notFound.textContent()).resolves.toContain('todavía es la de hoy');
    await page.getByText('Es la fecha de hoy: ¿es la impresa en el comprobante?').waitFor();
    await shot(page, 'not-found-hints');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Elegir la fecha en un calendario' }).click();
    const calendar = page.getByRole('dialog', { name: 'Fecha de emisión' });
    await calendar.getByRole('gridcell').first().waitFor();
    const box = await calendar.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.x + box!.width / 2 - PHONE.width / 2)).toBeLessThanOrEqual(1);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    await shot(page, 'calendar');
    expect(await seriousViolations(page)).toEqual([]);
    await calendar.getByRole('button', { name: 'Cancelar' }).click();
    await calendar.waitFor({ state: 'detached' });

    await paste('Fecha de emisión', CONSULTED.fecha);
    await expect(page.getByLabel('Fecha de emisión').inputValue()).resolves.toBe(
      CONSULTED.fechaTexto,
    );
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.waitForURL(/\/document$/);
    await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
    await shot(page, 'document');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works on a phone', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    const problems = watchForBreakage(page);
    const shot = screenshots('consultation-phone');
    await page.goto(`${portal.url}/document/login`);
    await shot(page, 'form');
    await fillConsultation(page, CONSULTED.total);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.waitForURL(/\/document$/);
    await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
    await shot(page, 'document');
    // "Nueva consulta" is in the page's flow, above the document: it covers no amount and no footer.
    const newConsultation = await page
      .getByRole('button', { name: 'Nueva consulta' })
      .boundingBox();
    const heading = await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).boundingBox();
    expect(newConsultation!.y + newConsultation!.height).toBeLessThanOrEqual(heading!.y);
    expect(
      await page
        .getByRole('button', { name: 'Nueva consulta' })
        .evaluate((button) => getComputedStyle(button).position),
    ).not.toBe('fixed');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ver PDF' }).click();
    const preview = page.getByRole('dialog', { name: 'Representación impresa · Factura F001-3' });
    await preview.getByRole('link', { name: 'Abrir en otra pestaña' }).waitFor();
    await shot(page, 'pdf-preview');
    // Chromium's PDF viewer starts in its own process inside the frame; a tap
    // while it starts on a busy machine can be lost, as a person would see and
    // tap again. So wait for the frame, and allow one more tap.
    const frame = await (await preview.locator('iframe').elementHandle())?.contentFrame();
    await frame?.waitForLoadState();
    const close = preview.getByRole('button', { name: 'Cerrar' });
    await close.click();
    const closed = () => preview.waitFor({ state: 'detached', timeout: 10_000 });
    await closed().catch(async () => {
      await close.click();
      await closed();
    });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('consultation by QR through the camera', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal();
    await seedPortal(portal.url);
    const video = path.join(tmpdir(), 'sufel-e2e-qr.y4m');
    // What SUNAT prints: RUC|tipo|serie|número|IGV|total|fecha|tipo doc|número doc|
    await writeQrVideo(
      video,
      '20606433094|01|F001|00000003|180.00|1180.00|2024-11-25|6|20415932376|',
    );
    browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('reads the printed QR and opens the document at once', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    await context.grantPermissions(['camera'], { origin: portal.url });
    const shot = screenshots('consultation-qr');
    await page.goto(`${portal.url}/document/login`);
    await page.getByRole('button', { name: 'Escanear QR' }).click();
    await shot(page, 'scanner');
    await page.waitForURL(/\/document$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
    await shot(page, 'document');
    await context.close();
  });
});
