import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/browser.js';
import { typeDate } from '../support/date-field.js';
import { receiverJourney } from '../support/receiver-journey.js';
import {
  CONSULTED,
  EXTRA_FACTURAS,
  onCreditFactura,
  publishAsIssuer,
  RECEIVER_RUC,
  retentionReceiptToReceiver,
} from '../support/seed.js';

const PASSWORD = 'clave-tesoreria-1';
const ON_CREDIT = 'F001-90';
/** November 2024's documents subject to detracción: the consulted factura, its copies and the one on credit. */
const WITH_DETRACTION = EXTRA_FACTURAS + 2;

/** A day in Lima, where the browser's clock is, `days` from today. */
function limaDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const peruvian = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** The side menu: beside the page on a desktop, behind its toggle on a phone. */
async function openFromMenu(page: Page, name: string) {
  const menu = page.getByRole('navigation', { name: 'Menú' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await menu.getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Instalments due from a month ago to a month ahead: one overdue, one to come. */
async function showInstalments(page: Page) {
  await typeDate(page, 'Vencen desde', peruvian(limaDay(-30)));
  await typeDate(page, 'Vencen hasta', peruvian(limaDay(30)));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.waitForURL(/desde=.+&hasta=/);
}

async function showNovember(page: Page) {
  await typeDate(page, 'Emitidos desde', '01/11/2024');
  await typeDate(page, 'Emitidos hasta', '30/11/2024');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.waitForURL(/desde=2024-11-01&hasta=2024-11-30/);
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('an accountant acting on the money of the month in Chromium', () => {
  const journey = receiverJourney(PASSWORD, async (url) => {
    await publishAsIssuer(url, [
      { xml: await onCreditFactura(ON_CREDIT, [limaDay(-3), limaDay(11)]) },
      { xml: await retentionReceiptToReceiver() },
    ]);
  });

  it('sees the instalments to pay, opens their factura, takes the detracciones CSV to the bank, and opens a retention receipt', async () => {
    const { context, page, problems, shot } = await journey.visit(DESKTOP, 'money');

    await openFromMenu(page, 'Por pagar');
    await showInstalments(page);
    const table = page.getByRole('table', { name: 'Cuotas' });
    const rows = table.getByRole('row').filter({ hasText: ON_CREDIT });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const [overdue, coming] = await rows.allTextContents();
    expect(overdue).toContain('Vencida hace 3 días');
    expect(overdue).toContain(peruvian(limaDay(-3)));
    expect(overdue).toContain('GASPERSOFT');
    expect(overdue).toContain('S/ 528.50');
    expect(coming).toContain('Vence en 11 días');
    expect(
      await page
        .getByText('Total del periodo')
        .locator('xpath=following-sibling::dd[1]')
        .textContent(),
    ).toBe('S/ 1,057.00');
    await page
      .getByRole('region', { name: 'Por semana' })
      .getByText(/^Semana del /)
      .first()
      .waitFor();
    await shot(page, 'payables');
    expect(await seriousViolations(page)).toEqual([]);

    await rows
      .first()
      .getByRole('button', { name: `Ver Factura ${ON_CREDIT}` })
      .press('Enter');
    const dialog = page.getByRole('dialog', { name: `FACTURA ELECTRÓNICA ${ON_CREDIT}` });
    await dialog.getByText('S/ 528.50').first().waitFor();
    await shot(page, 'payable-document', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await openFromMenu(page, 'Detracciones por depositar');
    await showNovember(page);
    const detractions = page.getByRole('table', { name: 'Detracciones' });
    const consulted = detractions
      .getByRole('row')
      .filter({ hasText: `Factura ${CONSULTED.documento}` });
    await consulted.waitFor();
    expect(await detractions.getByRole('row').count()).toBe(WITH_DETRACTION + 1);
    const consultedText = (await consulted.textContent()) ?? '';
    for (const expected of [
      '25/11/2024',
      '20606433094',
      '022 - Otros servicios empresariales',
      '12 %',
      'S/ 123.00',
      '00-045-091619',
    ]) {
      expect(consultedText).toContain(expected);
    }
    const total = page.getByText('Total a depositar').locator('xpath=following-sibling::dd[1]');
    expect(await total.textContent()).toBe(
      `S/ ${(123 * WITH_DETRACTION).toLocaleString('en-US')}.00`,
    );
    await shot(page, 'detractions');
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `detracciones-${RECEIVER_RUC}-2024-11-01-2024-11-30.csv`,
    );
    await page.getByText('CSV de detracciones descargado.').waitFor();
    const csv = (await readFile(await download.path())).toString('utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'RUC del proveedor,Razón social del proveedor,Tipo de comprobante,Serie,Número,Fecha de emisión,Código de bien o servicio,% de detracción,Monto a depositar (S/),Cuenta en el Banco de la Nación',
    );
    expect(lines).toHaveLength(WITH_DETRACTION + 1);
    const line = lines.find((candidate) => /,F001,3,/.test(candidate));
    expect(line).toMatch(/^20606433094,.+,F001,3,2024-11-25,022,12\.00,123\.00,00-045-091619$/);
    expect(lines.filter((candidate) => candidate.includes(',F001,90,'))).toHaveLength(1);

    await openFromMenu(page, 'Retenciones y percepciones');
    await showNovember(page);
    const months = page.getByRole('table', { name: 'Por mes' });
    await months.waitFor();
    expect(await months.getByRole('row').nth(1).textContent()).toBe(
      'noviembre de 2024S/ 30.00S/ 0.00',
    );
    const receipt = page
      .getByRole('table', { name: 'Comprobantes de retención y de percepción' })
      .getByRole('row')
      .filter({ hasText: 'R001-1' });
    expect(await receipt.textContent()).toMatch(/27\/11\/2024.*GASPERSOFT.*Retención.*S\/ 30\.00/);
    await shot(page, 'withholdings');
    expect(await seriousViolations(page)).toEqual([]);
    await receipt.getByRole('button', { name: 'Ver Comprobante de Retención R001-1' }).click();
    const receiptDialog = page.getByRole('dialog', {
      name: 'COMPROBANTE DE RETENCIÓN ELECTRÓNICO R001-1',
    });
    const covered = receiptDialog.getByRole('region', { name: 'COMPROBANTES RELACIONADOS' });
    await covered.waitFor();
    expect(await covered.textContent()).toContain('Factura F001-1');
    expect(await covered.textContent()).toContain('S/ 970.00');
    expect(await receiptDialog.getByRole('region', { name: 'TOTALES' }).textContent()).toContain(
      'Total retenidoS/ 30.00',
    );
    // The receiver is the supplier the agent retained from.
    expect(await receiptDialog.getByRole('region', { name: 'PROVEEDOR' }).textContent()).toContain(
      `RUC ${RECEIVER_RUC}`,
    );
    await shot(page, 'withholding-receipt', { fullPage: false });
    await receiptDialog.getByRole('button', { name: 'Cerrar' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the three lists as cards on a phone, with nothing to scroll sideways', async () => {
    const { context, page, problems, shot } = await journey.visit(PHONE, 'money-phone');

    await openFromMenu(page, 'Por pagar');
    await showInstalments(page);
    const cards = page.getByRole('button', { name: new RegExp(`^Factura ${ON_CREDIT}`) });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    expect(await cards.first().textContent()).toContain('Vencida hace 3 días');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'payables');
    expect(await seriousViolations(page)).toEqual([]);

    await openFromMenu(page, 'Detracciones por depositar');
    await showNovember(page);
    await page
      .getByRole('button', { name: /^Factura F001-/ })
      .first()
      .waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'detractions');
    expect(await seriousViolations(page)).toEqual([]);

    await openFromMenu(page, 'Retenciones y percepciones');
    await showNovember(page);
    const receipt = page.getByRole('button', { name: /^Comprobante de Retención R001-1/ });
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('S/ 30.00');
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'withholdings');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
