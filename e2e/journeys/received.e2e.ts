import { zipSync } from 'fflate';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/browser.js';
import { ROOT } from '../support/portal.js';
import { receiverJourney } from '../support/receiver-journey.js';
import { RECEIVER_RUC } from '../support/seed.js';

const PASSWORD = 'clave-archivo-1';
const FIXTURES = path.join(ROOT, 'packages/ubl/test/fixtures');
/** An unsigned factura of a supplier that does not publish here, dated September 2017. */
const SUPPLIER_FACTURA = '20600055519-01-FF60-4.xml';
const SEPTEMBER_2017 = '/client?desde=2017-09-01&hasta=2017-09-30';

/**
 * What a supplier mailed the accountant: its own factura to the receiver, a
 * copy of a factura the issuer already published here, and a factura of
 * another customer that came by mistake.
 */
async function supplierZip(): Promise<string> {
  const factura = await readFile(path.join(FIXTURES, SUPPLIER_FACTURA), 'latin1');
  const zip = zipSync({
    'proveedor/20600055519-01-FF60-4.xml': Buffer.from(
      factura.replaceAll('20100070970', RECEIVER_RUC),
      'latin1',
    ),
    'proveedor/20606433094-01-F001-4.xml': await readFile(
      path.join(FIXTURES, '20606433094-01-F001-4.xml'),
    ),
    'proveedor/ajena.xml': Buffer.from(factura, 'latin1'),
  });
  const file = path.join(tmpdir(), `comprobantes-${process.pid}.zip`);
  await writeFile(file, zip);
  return file;
}

async function upload(page: Page, file: string) {
  await page.getByRole('button', { name: 'Agregar comprobantes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar comprobantes' });
  await dialog.getByTestId('received-files').setInputFiles(file);
  await dialog.getByText('1 archivo seleccionado').waitFor();
  await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
  return dialog;
}

describe('a receiver adds the documents its suppliers sent, in Chromium', () => {
  const journey = receiverJourney(PASSWORD);
  let zip: string;

  beforeAll(async () => {
    zip = await supplierZip();
  });

  it('uploads a ZIP on a desktop, reads each file’s outcome, and finds the new document with its origin', async () => {
    const { context, page, problems, shot } = await journey.visit(DESKTOP, 'received-desktop');

    const dialog = await upload(page, zip);
    await dialog.getByText('Agregados: 1 · Duplicados: 1 · Rechazados: 1').waitFor();
    const outcomes = await dialog.getByRole('listitem').allTextContents();
    expect(outcomes).toEqual([
      expect.stringMatching(/^Agregado.*proveedor\/20600055519-01-FF60-4\.xml$/),
      expect.stringMatching(/^Duplicado.*F001-4\.xml.*lo publicó el emisor\.$/),
      expect.stringMatching(/^Rechazado.*ajena\.xml.*no está dirigido a su RUC/),
    ]);
    await shot(page, 'outcomes', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${journey.url}${SEPTEMBER_2017}`);
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: 'FF60-4' });
    await row.getByText('20600055519 · Cargado por usted').waitFor();
    await shot(page, 'list-with-origin');
    await row.getByRole('button', { name: /^Ver / }).click();
    const opened = page.getByRole('dialog', { name: /ELECTRÓNICA FF60-4$/ });
    await opened.getByText('Origen: Cargado por usted').waitFor();
    await shot(page, 'document-with-origin', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('uploads the same ZIP again on a phone: nothing is added twice', async () => {
    const { context, page, problems, shot } = await journey.visit(PHONE, 'received-phone');

    const dialog = await upload(page, zip);
    await dialog.getByText('Agregados: 0 · Duplicados: 2 · Rechazados: 1').waitFor();
    await dialog.getByText(/se cargó antes\.$/).waitFor();
    await shot(page, 'outcomes-again', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${journey.url}${SEPTEMBER_2017}`);
    const card = page.getByRole('button', { name: /^Factura FF60-4/ });
    await card.getByText('Cargado por usted').waitFor();
    expect(await page.getByRole('button', { name: /^Factura FF60-4/ }).count()).toBe(1);
    await shot(page, 'card-with-origin');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('removes the uploaded document on a desktop, after a confirmation: it leaves the list', async () => {
    const { context, page, problems, shot } = await journey.visit(DESKTOP, 'received-remove');

    await page.goto(`${journey.url}${SEPTEMBER_2017}`);
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: 'FF60-4' });
    await row.getByRole('button', { name: /^Ver / }).click();
    const opened = page.getByRole('dialog', { name: /ELECTRÓNICA FF60-4$/ });
    await opened.getByRole('button', { name: 'Quitar' }).click();
    const confirm = page.getByRole('alertdialog', { name: /^¿Quitar Factura FF60-4/ });
    await confirm.waitFor();
    await shot(page, 'remove-confirmation', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Quitar' }).click();
    await page.getByText(/Se quitó Factura FF60-4 de su archivo\./).waitFor();
    await opened.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await shot(page, 'list-after-removal');
    expect(problems).toEqual([]);
    await context.close();
  });
});
