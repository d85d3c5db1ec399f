import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  launchBrowser,
  newVisitor,
  PHONE,
  screenshots,
  watchForBreakage,
} from '../support/browser.js';
import { startPortal, type Portal } from '../support/portal.js';
import { registerReceiver } from '../support/receiver.js';
import { RECEIVER_RUC, seedPortal } from '../support/seed.js';

const PASSWORD = 'clave-teclado-1';

/** What SUNAT prints on the consulted factura: RUC|tipo|serie|número|IGV|total|fecha|tipo doc|número doc| */
const SUNAT_QR = '20606433094|01|F001|00000003|180.00|1180.00|2024-11-25|6|20415932376|';

/**
 * What has keyboard focus, described; and whether a person sees where it is:
 * a ring (an outline) around the control, or for a form field the ring the
 * field draws itself (its frame's thick border or an inset shadow); on screen.
 */
async function focusNow(page: Page): Promise<{ seen: boolean; what: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (element === null || element === document.body) return { seen: false, what: 'body' };
    const name = (
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null) ??
      element.textContent ??
      ''
    )
      .trim()
      .slice(0, 50);
    const what = `${element.tagName.toLowerCase()} "${name}"`;
    const painted = (color: string) =>
      color !== 'transparent' && !/^rgba\([^)]*,\s*0\)$/.test(color.replace(/\s+/g, ' '));
    const style = getComputedStyle(element);
    const outlined =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) >= 2 &&
      painted(style.outlineColor);
    const field = element.matches('input, select, textarea, [role="combobox"]');
    const frame = element.closest('.MuiInputBase-root')?.querySelector('fieldset');
    const framed =
      frame != null &&
      parseFloat(getComputedStyle(frame).borderTopWidth) >= 2 &&
      painted(getComputedStyle(frame).borderTopColor);
    const shadowed = style.boxShadow !== 'none' && painted(style.boxShadow.split(' ')[0] ?? '');
    const box = element.getBoundingClientRect();
    const onScreen =
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < window.innerHeight &&
      box.left < window.innerWidth;
    return { seen: onScreen && (outlined || (field && (framed || shadowed))), what };
  });
}

/** Fails unless a person can see where the keyboard is. */
async function expectVisibleFocus(page: Page, step: string): Promise<string> {
  const focus = await focusNow(page);
  expect(focus.seen, `${step}: focus on ${focus.what} is not visible`).toBe(true);
  return focus.what;
}

/** Waits until `target` has the focus, and checks that it shows. */
async function expectFocusOn(page: Page, target: Locator, step: string): Promise<void> {
  await expect
    .poll(() => target.evaluate((element) => element === document.activeElement), {
      message: `${step}: focus did not reach its target`,
      timeout: 10_000,
    })
    .toBe(true);
  await expectVisibleFocus(page, step);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking at every
 * stop on the way that the focus can be seen.
 */
async function tabTo(
  page: Page,
  target: Locator,
  { back = false, most = 60 }: { back?: boolean; most?: number } = {},
): Promise<void> {
  for (let stop = 0; stop < most; stop++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page, `tab stop ${stop + 1}`);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(
    `${most} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}`,
  );
}

describe('a keyboard alone', () => {
  let portal: Portal;
  let browser: Browser;
  let images: string;
  let sunatQr: string;
  let otherQr: string;

  beforeAll(async () => {
    portal = await startPortal();
    await seedPortal(portal.url);
    await registerReceiver(portal.url, PASSWORD);
    images = await mkdtemp(path.join(tmpdir(), 'sufel-e2e-keyboard-'));
    sunatQr = path.join(images, 'factura-qr.png');
    otherQr = path.join(images, 'other-qr.png');
    await QRCode.toFile(sunatQr, SUNAT_QR, { errorCorrectionLevel: 'Q', width: 480 });
    await QRCode.toFile(otherQr, 'https://example.com/menu', { width: 480 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    if (images) await rm(images, { recursive: true, force: true });
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`consults a document by its QR image, signs in and works the dashboard on a ${size}`, async () => {
      const { context, page } = await newVisitor(browser, viewport);
      const problems = watchForBreakage(page);
      const shot = screenshots(`keyboard-${size}`);
      const look = (name: string) => shot(page, name, { fullPage: false });
      // Chromium hands file pickers to the test only once someone listens; listening from
      // the start, the first picker cannot open before that is in place.
      page.on('filechooser', () => undefined);

      // The consultation: the QR dialog, and a photo of the QR chosen from it.
      await page.goto(`${portal.url}/document/login`);
      await page.waitForLoadState('networkidle');
      await tabTo(page, page.getByRole('button', { name: 'Escanear QR' }));
      await look('scan-button');
      await page.keyboard.press('Enter');
      const scanner = page.getByRole('dialog', { name: 'Escanear el código QR' });
      // No camera here: the dialog says so, and a photo is the way on.
      await scanner.getByRole('alert').waitFor();
      const upload = scanner.getByRole('button', { name: 'Subir foto o captura' });
      await tabTo(page, upload);
      await look('qr-dialog');
      // Enter opens the file picker; a QR that is not SUNAT's is refused.
      let picker = page.waitForEvent('filechooser');
      await page.keyboard.press('Enter');
      await (await picker).setFiles(otherQr);
      await scanner
        .getByText('El código QR no corresponde a un comprobante electrónico de SUNAT.')
        .waitFor();
      await expectFocusOn(page, upload, 'after the refused QR');
      await look('qr-refused');
      // Space opens it too; the factura's QR opens the factura.
      picker = page.waitForEvent('filechooser');
      await page.keyboard.press('Space');
      await (await picker).setFiles(sunatQr);
      await page.waitForURL(/\/document$/);
      const title = page.getByRole('heading', { level: 1, name: 'FACTURA ELECTRÓNICA' });
      await expectFocusOn(page, title, 'the consulted document');
      await look('document');

      // Sign in, from the top bar's "Acceso empresas".
      await tabTo(page, page.getByRole('link', { name: 'Acceso empresas' }), { back: true });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/client\/login$/);
      const ruc = page.getByRole('textbox', { name: 'RUC', exact: true });
      await tabTo(page, ruc);
      await page.keyboard.type(RECEIVER_RUC);
      await tabTo(page, page.getByRole('textbox', { name: 'Contraseña', exact: true }));
      await page.keyboard.type(PASSWORD);
      await look('login');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/client(\?|$)/);
      await page.getByRole('heading', { level: 1, name: 'Mis comprobantes' }).waitFor();

      // The dashboard: November's facturas, chosen in the filters (a phone folds them into "Filtros").
      if (size === 'phone') {
        await tabTo(page, page.getByRole('button', { name: /^Filtros/ }));
        await page.keyboard.press('Enter');
        await page.getByRole('dialog', { name: 'Buscar comprobantes' }).waitFor();
      }
      await tabTo(page, page.getByRole('textbox', { name: 'Fecha inicio' }));
      await page.keyboard.type('01112024');
      await tabTo(page, page.getByRole('textbox', { name: 'Fecha fin' }));
      await page.keyboard.type('30112024');
      const type = page.getByRole('combobox', { name: 'Tipo' });
      await tabTo(page, type, { back: true });
      // Arrows open the list and move through it; Enter chooses.
      await page.keyboard.press('ArrowDown');
      const facturas = page.getByRole('option', { name: 'Factura', exact: true });
      await facturas.waitFor();
      await expectVisibleFocus(page, 'the open type list');
      for (let step = 0; step < 10; step++) {
        if (await facturas.evaluate((option) => option === document.activeElement)) break;
        await page.keyboard.press('ArrowDown');
        await expectVisibleFocus(page, 'an option of the type list');
      }
      await look('type-list');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, type, 'the chosen type');
      await expect(type.textContent()).resolves.toBe('Factura');
      await tabTo(page, page.getByRole('button', { name: 'Buscar' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/desde=2024-11-01/);
      const newest = page.getByRole('button', { name: /^(Ver )?Factura F001-4\b/ });
      await newest.waitFor();
      await look('results');

      if (size === 'desktop') {
        // A row's own download, from its actions' menu of files.
        const rowFiles = page.getByRole('button', { name: 'Descargar archivos de Factura F001-4' });
        await tabTo(page, rowFiles);
        await page.keyboard.press('Enter');
        const rowXml = page.getByRole('menuitem', { name: 'Descargar XML de Factura F001-4' });
        await rowXml.waitFor();
        for (let step = 0; step < 3; step++) {
          if (await rowXml.evaluate((item) => item === document.activeElement)) break;
          await page.keyboard.press('ArrowDown');
        }
        await expectVisibleFocus(page, 'the XML of the row');
        const fromRow = page.waitForEvent('download');
        await page.keyboard.press('Enter');
        expect((await fromRow).suggestedFilename()).toMatch(/F001-4.*\.xml$/i);
        await expectFocusOn(page, rowFiles, 'after the download from the row');
        await tabTo(page, newest, { back: true });
      } else {
        await tabTo(page, newest);
      }

      // The document opens over the list; its XML downloads; Escape returns to the list.
      await page.keyboard.press('Enter');
      const sheet = page.getByRole('dialog', { name: /ELECTRÓNICA F001-4$/ });
      const xml = sheet.getByRole('button', { name: 'Descargar XML' });
      await xml.waitFor();
      await tabTo(page, xml);
      await look('document-dialog');
      const fromDialog = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      expect((await fromDialog).suggestedFilename()).toMatch(/F001-4.*\.xml$/i);
      await expectFocusOn(page, xml, 'after the download from the document');
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      await expectFocusOn(page, newest, 'back on the list');
      await look('back-on-the-list');

      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
