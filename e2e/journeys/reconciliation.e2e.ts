import { proposalFile, type ProposalRowInput } from '@sufel/sire/testing';
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/browser.js';
import { receiverJourney } from '../support/receiver-journey.js';
import { CONSULTED, ISSUER, RECEIVER_RUC } from '../support/seed.js';

const PASSWORD = 'clave-contador-1';

/** A factura of the seeded issuer as SIRE proposes it; the seeded copies of F001-3 are S/ 1,000 + 180. */
function proposed(number: number, fields: Partial<ProposalRowInput> = {}): ProposalRowInput {
  return {
    receiverRuc: RECEIVER_RUC,
    supplierRuc: ISSUER.ruc,
    supplierName: 'GASPERSOFT S.A.C.',
    series: 'F001',
    number,
    issueDate: CONSULTED.fecha,
    baseDg: '1000.00',
    igvDg: '180.00',
    total: '1180.00',
    period: '202411',
    ...fields,
  };
}

/**
 * November 2024's proposal with a planted row for each group: F001-3, -100 and
 * -101 as held (conciliado), F001-3 again (duplicado), F001-102 voided in
 * SUNAT (anulado), F001-999 never published (sin_xml), F001-103 fifty
 * céntimos off (diferencia_menor) and F001-104 at another total (importe_distinto).
 */
const PROPOSAL = proposalFile(
  [
    proposed(3),
    proposed(100),
    proposed(101),
    proposed(3),
    proposed(102, { status: '2' }),
    proposed(999),
    proposed(103, { baseDg: '1000.50', total: '1180.50' }),
    proposed(104, { baseDg: '1271.19', igvDg: '228.81', total: '1500.00' }),
  ],
  { format: 'txt' },
);

const PLANTED = {
  'Conciliados (3)': 'F001-100',
  'Duplicados (1)': 'F001-3',
  'Anulados (1)': 'F001-102',
  'Sin XML (1)': 'F001-999',
  'Diferencia menor (1)': 'F001-103',
  'Importe distinto (1)': 'F001-104',
} as const;

async function openReconciliation(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Menú' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await menu.getByRole('link', { name: 'Conciliación SIRE' }).click();
  await page.getByRole('heading', { level: 1, name: 'Conciliación SIRE' }).waitFor();
}

async function importProposal(page: Page) {
  await page.getByTestId('proposal-file').setInputFiles({
    name: `${RECEIVER_RUC}-20241205-1000-propuesta.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(PROPOSAL),
  });
  await page.getByRole('tab', { name: 'Conciliados (3)' }).waitFor({ timeout: 30_000 });
}

describe("an accountant reconciling the month with SUNAT's SIRE proposal in Chromium", () => {
  const journey = receiverJourney(PASSWORD);

  it('imports the proposal, sees each group with its count, opens a row and reads the XLSX back', async () => {
    const { context, page, problems, shot } = await journey.visit(DESKTOP, 'reconciliation');
    await openReconciliation(page);
    await importProposal(page);

    const groups = page.getByRole('tablist', { name: 'Grupos de la conciliación' });
    for (const [tab, row] of Object.entries(PLANTED)) {
      await groups.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel').getByText(row, { exact: false }).first().waitFor();
    }
    await groups.getByRole('tab', { name: 'Importe distinto (1)' }).click();
    const different = page.getByRole('tabpanel');
    expect(await different.textContent()).toContain('Total SIRE S/ 1,500.00');
    expect(await different.textContent()).toContain('Total SUFEL S/ 1,180.00');
    await shot(page, 'importe-distinto');
    expect(await seriousViolations(page)).toEqual([]);

    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar XLSX' }).click(),
    ]);
    const workbook = await JSZip.loadAsync(await readFile(await sheet.path()));
    const sheets = await workbook.file('xl/workbook.xml')!.async('string');
    for (const name of ['conciliado', 'duplicado', 'anulado', 'sin_xml', 'diferencia_menor']) {
      expect(sheets.toLowerCase()).toContain(name.replace('_', ' '));
    }
    const cells = await Promise.all(
      workbook
        .file(/^xl\/(worksheets\/sheet\d+|sharedStrings)\.xml$/)
        .map((file) => file.async('string')),
    );
    expect(cells.join('')).toContain('(diferencia 320.00)');
    expect(cells.join('')).toContain('GASPERSOFT');

    await groups.getByRole('tab', { name: 'Conciliados (3)' }).click();
    await page.getByRole('link', { name: 'Abrir 01 F001-100' }).click();
    const dialog = page.getByRole('dialog', { name: 'FACTURA ELECTRÓNICA F001-100' });
    await dialog.waitFor();
    await shot(page, 'matched-document', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the same groups on a phone, with nothing to scroll sideways', async () => {
    const { context, page, problems, shot } = await journey.visit(PHONE, 'reconciliation-phone');
    await openReconciliation(page);
    // The import of the desktop journey is the account's reconciliation of November.
    await page.getByRole('tab', { name: 'Sin XML (1)' }).waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Sin XML (1)' }).click();
    await page.getByRole('tabpanel').getByText('F001-999').first().waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    await shot(page, 'sin-xml');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
