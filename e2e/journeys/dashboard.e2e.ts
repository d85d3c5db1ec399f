import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/browser.js';
import { typeDate } from '../support/date-field.js';
import { receiverJourney } from '../support/receiver-journey.js';
import { attachCdrOfAnotherDocument, EXTRA_FACTURAS } from '../support/seed.js';

const PASSWORD = 'clave-tablero-1';
/** The receiver's documents, all of November 2024. */
const NOVEMBER = EXTRA_FACTURAS + 3;
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
  const journey = receiverJourney(PASSWORD, attachCdrOfAnotherDocument);

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
    await shot(page, 'default-range');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await page.getByText(`26–50 de ${NOVEMBER}`).waitFor();
    await page.reload();
    await page.getByText(`26–50 de ${NOVEMBER}`).waitFor();
    await shot(page, 'page-2-after-reload');

    const quick = page.getByRole('group', { name: 'Rangos rápidos' });
    await quick.getByRole('button', { name: 'Mes anterior' }).click();
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
    await shot(page, 'no-documents-with-filters');
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    await page.waitForURL(/\/client\?desde=2024-11-01&hasta=2024-11-30$/);

    await cards.first().click();
    const opened = page.getByRole('dialog', { name: /ELECTRÓNICA [A-Z0-9]{4}-\d+$/ });
    await opened.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'document');
    await opened.getByRole('button', { name: 'Cerrar' }).click();
    await opened.waitFor({ state: 'detached' });
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

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Descargar PDF de / })
        .first()
        .click(),
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

    await rows.first().locator('[role="gridcell"]').first().focus();
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
});
