import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/browser.js';
import { typeDate } from '../support/date-field.js';
import { ROOT } from '../support/portal.js';
import { receiverJourney } from '../support/receiver-journey.js';
import {
  attachCdrOfAnotherDocument,
  EXTRA_FACTURAS,
  publishAsIssuer,
  RECEIVER_RUC,
} from '../support/seed.js';

const PASSWORD = 'clave-tablero-1';
/** The receiver's documents, all of November 2024 (the seeded ones and a large dollar invoice). */
const NOVEMBER = EXTRA_FACTURAS + 4;
/** The widest issuer name and amount a row must show whole at 1280 px. */
const LONG_NAME = 'GASPERSOFT CONSTRUCCIONES, SERVICIOS GENERALES E INVERSIONES DEL SUR EIRL';
const LARGE_AMOUNT = 'US$ 655,555,555.55';

/** A dollar invoice F002-900 of 655,555,555.55 from an issuer with a long name. */
async function publishLargeInvoice(base: string): Promise<void> {
  const template = await readFile(
    path.join(ROOT, 'packages/ubl/test/fixtures/20606433094-01-F001-3.xml'),
    'latin1',
  );
  const xml = template
    .replace('<cbc:ID>F001-3</cbc:ID>', '<cbc:ID>F002-900</cbc:ID>')
    .replaceAll('>1180.00<', '>655555555.55<')
    .replaceAll('currencyID="PEN"', 'currencyID="USD"')
    .replace('>PEN</cbc:DocumentCurrencyCode>', '>USD</cbc:DocumentCurrencyCode>')
    .replaceAll('GASPERSOFT EIRL', LONG_NAME);
  await publishAsIssuer(base, [{ xml: Buffer.from(xml, 'latin1').toString('base64') }]);
}
const CARD = /^(Factura|Boleta|Nota de Crédito|Nota de Débito) [A-Z0-9]{4}-\d+/;

/** November sorted by series-number: the credit note F001-1, then F001-3, F001-4, F001-100… */
const BY_NUMBER = '/client?desde=2024-11-01&hasta=2024-11-30&orden=numero&dir=asc';
/** An empty list of a range without other filters (quick ranges count from today). */
const EMPTY_RANGE =
  /^No se encontraron comprobantes del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}\.$/;
const SUNAT_CHECK = 'https://e-consultaruc.sunat.gob.pe/cl-ti-itconsvalicpe/ConsultaValidezCpe.htm';

/** Whether the page is wider than the screen, i.e. scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('the receiver dashboard in Chromium', () => {
  const journey = receiverJourney(PASSWORD, async (url) => {
    await attachCdrOfAnotherDocument(url);
    await publishLargeInvoice(url);
  });

  it('opens on the latest documents on a phone, one card each, and keeps the list in the address', async () => {
    const { context, page, problems, shot } = await journey.visit(PHONE, 'dashboard-phone');

    await page.waitForURL(/desde=2024-11-01&hasta=2024-11-30/);
    await page.getByText(/^Su comprobante más reciente es del \d{2}\/11\/2024\.$/).waitFor();
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    const cards = page.getByRole('button', { name: CARD });
    expect(await cards.count()).toBe(25);
    expect(await page.locator('.MuiDataGrid-root').count()).toBe(0);
    const first = (await cards.first().textContent()) ?? '';
    expect(first).toMatch(/\d{2}\/11\/2024/);
    expect(first).toMatch(/S\/\s?[\d,]+\.\d{2}/);
    expect(first).toContain('GASPERSOFT');
    expect(await scrollsSideways(page)).toBe(false);
    // The first screen shows documents, not the filter form.
    expect(await page.getByRole('button', { name: 'Buscar' }).count()).toBe(0);
    const top = await cards.first().boundingBox();
    expect(top!.y + top!.height).toBeLessThan(PHONE.height);
    await shot(page, 'default-range', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await page.getByText(`26–50 de ${NOVEMBER}`).waitFor();
    await page.reload();
    await page.getByText(`26–50 de ${NOVEMBER}`).waitFor();
    await shot(page, 'page-2-after-reload');

    // The filters fold into "Filtros": a dialog with the form and its quick ranges.
    await page.getByRole('button', { name: /^Filtros/ }).click();
    const filters = page.getByRole('dialog', { name: 'Buscar comprobantes' });
    await filters.getByRole('button', { name: 'Buscar' }).waitFor();
    await shot(page, 'filters-dialog', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    const quick = filters.getByRole('group', { name: 'Rangos rápidos' });
    await quick.getByRole('button', { name: 'Mes anterior' }).click();
    await filters.waitFor({ state: 'detached' });
    await page.getByText(EMPTY_RANGE).waitFor();
    expect(await cards.count()).toBe(0);
    await shot(page, 'previous-month');
    await page.goBack();
    await page.getByText(`26–50 de ${NOVEMBER}`).waitFor();

    // An empty list names the filters that emptied it, and drops them on request.
    await page.goto(`${journey.url}/client?desde=2024-11-01&hasta=2024-11-30&tipo=03&serie=F999`);
    await page
      .getByText('No se encontraron comprobantes del 01/11/2024 al 30/11/2024 con estos filtros:')
      .waitFor();
    const active = page.getByRole('list', { name: 'Filtros activos' });
    expect(await active.getByRole('listitem').allTextContents()).toEqual([
      'Tipo: Boleta',
      'Serie: F999',
    ]);
    // The same filters as chips above the list, each one removable.
    const current = page.getByRole('list', { name: 'Búsqueda actual' });
    expect(await current.getByRole('listitem').allTextContents()).toEqual([
      'Período: 01/11/2024 – 30/11/2024',
      'Tipo: Boleta',
      'Serie: F999',
    ]);
    await shot(page, 'no-documents-with-filters');
    await current.getByRole('button', { name: 'Quitar Serie: F999' }).click();
    await page.waitForURL(/\/client\?desde=2024-11-01&hasta=2024-11-30&tipo=03$/);
    await page
      .getByText('No se encontraron comprobantes del 01/11/2024 al 30/11/2024 con estos filtros:')
      .waitFor();
    await page.getByRole('button', { name: 'Filtros (1)' }).click();
    await page
      .getByRole('dialog', { name: 'Buscar comprobantes' })
      .getByRole('group', { name: 'Rangos rápidos' })
      .waitFor();
    await page.keyboard.press('Escape');
    await current.getByRole('button', { name: 'Quitar Tipo: Boleta' }).click();
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    await page.waitForURL(/\/client\?desde=2024-11-01&hasta=2024-11-30$/);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('sorts on a phone, downloads from a card, chooses cards for one ZIP and gives a document its own address', async () => {
    const { context, page, problems, shot } = await journey.visit(PHONE, 'dashboard-phone-cards');
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    const cards = page.getByRole('button', { name: CARD });
    // Sorting on the phone: the largest total first.
    await page.getByRole('combobox', { name: 'Ordenar por' }).click();
    await page.getByRole('option', { name: 'Total: mayor primero' }).click();
    await page.waitForURL(/orden=total&dir=desc/);
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    await expect.poll(() => cards.first().textContent()).toContain(LARGE_AMOUNT);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'sorted-by-total', { fullPage: false });

    // Each card downloads its files, and can be chosen for one ZIP with others.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar PDF de Factura F002-900' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('20606433094-01-F002-900.pdf');
    await page.getByRole('checkbox', { name: 'Seleccionar Factura F002-900' }).check();
    await page
      .getByRole('checkbox', { name: /^Seleccionar Factura F001-/ })
      .first()
      .check();
    await page.getByText('2 comprobantes seleccionados').waitFor();
    await shot(page, 'selection', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar ZIP' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`comprobantes-${RECEIVER_RUC}-seleccion.zip`);

    // An open document has its own address: reload keeps it, Back closes it.
    const list = page.url();
    await cards.first().click();
    const opened = page.getByRole('dialog', { name: 'FACTURA ELECTRÓNICA F002-900' });
    await opened.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForURL(
      /\/client\/documents\/\d+\?desde=2024-11-01&hasta=2024-11-30&orden=total/,
    );
    await shot(page, 'document', { fullPage: false });
    await opened.getByRole('button', { name: 'Siguiente' }).click();
    const second = page.getByRole('dialog', { name: /^FACTURA ELECTRÓNICA F001-\d+$/ });
    await second.getByRole('heading', { level: 1 }).waitFor();
    await page.reload();
    await second.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await second.waitFor({ state: 'detached' });
    expect(page.url()).toBe(list);
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says each document’s verdict in words, in the grid, the phone cards and the document', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const phone = viewport === PHONE;
      const { context, page, problems, shot } = await journey.visit(
        viewport,
        `dashboard-verdicts-${phone ? 'phone' : 'desktop'}`,
      );
      await page.goto(`${journey.url}${BY_NUMBER}`);
      await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
      const entry = (type: string, number: string) =>
        phone
          ? page.getByRole('button', { name: new RegExp(`^${type} ${number}(?!\\d)`) })
          : page
              .locator('.MuiDataGrid-row')
              .filter({ has: page.getByRole('gridcell', { name: number, exact: true }) });
      const verdicts = [
        ['Nota de Crédito', 'F001-1', 'Constancia de SUNAT de otro comprobante'],
        ['Factura', 'F001-3', 'Sin constancia de SUNAT'],
        ['Factura', 'F001-100', 'XML alterado: no use estos importes'],
      ] as const;
      for (const [type, number, words] of verdicts) {
        const row = entry(type, number);
        const label = row.getByText(words, { exact: true });
        // Seen as it is, without hovering: inside its row, not cut by it.
        await label.waitFor();
        const [inner, outer] = await Promise.all([label.boundingBox(), row.boundingBox()]);
        expect(inner!.y + inner!.height).toBeLessThanOrEqual(outer!.y + outer!.height + 0.5);
        expect(await page.getByRole('tooltip').count()).toBe(0);
      }
      expect(await page.getByText('Aceptado por SUNAT', { exact: true }).count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await entry('Nota de Crédito', 'F001-1').scrollIntoViewIfNeeded();
      await shot(page, 'list', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);

      await entry('Nota de Crédito', 'F001-1').click();
      const opened = page.getByRole('dialog', { name: /ELECTRÓNICA F001-1$/ });
      await opened.getByText('Constancia de SUNAT de otro comprobante', { exact: true }).waitFor();
      const check = opened.getByRole('link', { name: /^Consultar en SUNAT/ });
      expect(await check.getAttribute('href')).toBe(SUNAT_CHECK);
      await opened
        .getByText(/Verifique en SUNAT que el comprobante figure como aceptado con el RUC/)
        .waitFor();
      await shot(page, 'credit-note-with-another-cdr', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      await opened.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await opened.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('opens, downloads and sorts from the desktop grid, and offers a retry when the list fails', async () => {
    const { context, page, problems, shot } = await journey.visit(DESKTOP, 'dashboard-desktop');
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    const rows = page.locator('.MuiDataGrid-row');
    expect(await rows.count()).toBe(25);
    await page.getByRole('button', { name: 'Exportar' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'default-range');
    expect(await seriousViolations(page)).toEqual([]);

    // Dates that cannot be searched hide the list of the earlier search.
    await typeDate(page, 'Fecha fin', '01/10/2024');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page
      .getByText(
        'Corrija las fechas y busque de nuevo: la fecha de inicio no puede ser posterior a la fecha fin.',
      )
      .waitFor();
    expect(await rows.count()).toBe(0);
    await shot(page, 'range-invalid', { fullPage: false });
    await typeDate(page, 'Fecha fin', '30/11/2024');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();

    await page
      .getByRole('button', { name: /^Descargar archivos de / })
      .first()
      .click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /^Descargar PDF de / }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    for (const [header, orden] of [
      ['Total', 'total'],
      ['Emisor', 'emisor'],
      ['Tipo', 'tipo'],
      ['Serie-número', 'numero'],
    ] as const) {
      await page.getByRole('columnheader', { name: header }).click();
      await page.waitForURL(new RegExp(`orden=${orden}&dir=desc`));
      await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    }
    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await page.getByText(`26–50 de ${NOVEMBER}`).waitFor();
    await shot(page, 'sorted-by-number-page-2');

    // The first cell is the row's box to choose it; the next one opens the row on Enter.
    await rows.first().locator('[role="gridcell"]').nth(1).focus();
    await page.keyboard.press('Enter');
    const opened = page.getByRole('dialog', { name: /ELECTRÓNICA [A-Z0-9]{4}-\d+$/ });
    await opened.getByRole('heading', { level: 1 }).waitFor();
    await opened.getByRole('button', { name: 'Cerrar' }).click();
    await opened.waitFor({ state: 'detached' });

    let failing = true;
    await page.route('**/api/client/documents?*', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Ocurrió un error inesperado. Intente nuevamente.' }),
          })
        : route.fallback(),
    );
    await page
      .getByRole('group', { name: 'Rangos rápidos' })
      .getByRole('button', {
        name: 'Últimos 90 días',
      })
      .click();
    await page.getByText(/No se pudieron cargar los comprobantes/).waitFor();
    expect(await rows.count()).toBe(0);
    expect(await page.getByText(EMPTY_RANGE).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ir a la página siguiente' }).count()).toBe(0);
    await shot(page, 'load-failed');
    failing = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByText(EMPTY_RANGE).waitFor();
    // The failure was caused on purpose; anything else counts.
    expect(problems.filter((problem) => !problem.includes('500'))).toEqual([]);
    await context.close();
  });
  it('shows the company, the period’s totals and every row whole at 1280 px, downloads a selection and steps through documents by their address', async () => {
    const { context, page, problems, shot } = await journey.visit(
      DESKTOP,
      'dashboard-desktop-selection',
    );
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    const rows = page.locator('.MuiDataGrid-row');
    // The company by its name beside its RUC, and the period counted and added up as a whole.
    await page.getByText('COCA-COLA SERVICIOS DE PERU S.A.', { exact: true }).waitFor();
    const totals = page.getByRole('group', { name: 'Totales del período' });
    await totals
      .getByText(
        new RegExp(`^${NOVEMBER} comprobantes · S/ [\\d,]+\\.\\d{2} · US\\$ 655,555,555\\.55$`),
      )
      .waitFor();
    await totals.getByText('Las notas de crédito restan.', { exact: false }).waitFor();
    await shot(page, 'totals');
    expect(await seriousViolations(page)).toEqual([]);

    // The widest name and amount, whole at 1280 px: nothing in their cells is cut.
    await page.getByRole('columnheader', { name: 'Total' }).click();
    await page.waitForURL(/orden=total&dir=desc/);
    const large = rows.filter({ hasText: 'F002-900' });
    await large.getByText(LARGE_AMOUNT, { exact: true }).waitFor();
    await large.getByText(LONG_NAME, { exact: true }).waitFor();
    const cut = await large.evaluate((row) =>
      Array.from(row.querySelectorAll<HTMLElement>('[role="gridcell"], [role="gridcell"] *'))
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent),
    );
    expect(cut).toEqual([]);
    const amount = await large.getByText(LARGE_AMOUNT, { exact: true }).boundingBox();
    const row = await large.boundingBox();
    expect(amount!.x + amount!.width).toBeLessThanOrEqual(row!.x + row!.width);
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'long-name-large-amount', { fullPage: false });

    // Several documents chosen, downloaded as one ZIP.
    await page.getByRole('checkbox', { name: 'Seleccionar todo en la página' }).check();
    await page.getByText('25 comprobantes seleccionados').waitFor();
    await shot(page, 'selection', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar ZIP' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`comprobantes-${RECEIVER_RUC}-seleccion.zip`);
    await page.getByRole('button', { name: 'Quitar selección' }).click();

    // A document's own address; the arrow keys and buttons move through the list.
    await large.click();
    const largeOpen = page.getByRole('dialog', { name: 'FACTURA ELECTRÓNICA F002-900' });
    await largeOpen.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForURL(
      /\/client\/documents\/\d+\?desde=2024-11-01&hasta=2024-11-30&orden=total&dir=desc$/,
    );
    await page.keyboard.press('ArrowRight');
    const next = page.getByRole('dialog', { name: /^FACTURA ELECTRÓNICA F001-\d+$/ });
    await next.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'document-next', { fullPage: false });
    await next.getByRole('button', { name: 'Anterior' }).click();
    await largeOpen.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await largeOpen.waitFor({ state: 'detached' });
    await page.waitForURL(/\/client\?desde=2024-11-01&hasta=2024-11-30&orden=total&dir=desc$/);
    await page.getByRole('columnheader', { name: 'Fecha emisión' }).click();
    await page.waitForURL(/\/client\?desde=2024-11-01&hasta=2024-11-30$/);

    expect(problems).toEqual([]);
    await context.close();
  });
});
