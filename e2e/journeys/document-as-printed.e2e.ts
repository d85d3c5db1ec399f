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
import { ADMIN_TOKEN, ROOT, startPortal, type Portal } from '../support/portal.js';
import { CONSULTED, ISSUER, seedPortal } from '../support/seed.js';

const FIXTURES = path.join(ROOT, 'packages/ubl/test/fixtures');

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const OPERATOR = {
  SUFEL_COMPANY: 'Gaspersoft EIRL',
  SUFEL_COMPANY_URL: 'https://gaspersoft.pe',
  SUFEL_CONTACT: 'soporte@gaspersoft.pe',
  SUFEL_LEGAL_NOTE: 'Portal de comprobantes de Gaspersoft EIRL, RUC 20606433094, Lima.',
};

/** The consulted factura again, printed by its issuer with eight digits: F001-00000230. */
const PADDED = { documento: 'F001-230', printed: 'F001-00000230' };

/** A credit note whose issuer sent SUNAT's answer as a bare XML. */
const WITH_CDR = {
  emisor: '20000000001',
  tipo: '07',
  documento: 'F001-1',
  fecha: '26/01/2018',
  total: '11.80',
};

async function post(base: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} → ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const fixture = async (name: string) => readFile(path.join(FIXTURES, name));

async function seedPrintedDocuments(base: string): Promise<void> {
  const issuer = (await post(base, '/api/company/auth', ISSUER)) as { token: string };
  const template = (await fixture(CONSULTED.file)).toString('latin1');
  const padded = template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>${PADDED.printed}</cbc:ID>`);
  await post(
    base,
    '/api/company/documents',
    { xml: Buffer.from(padded, 'latin1').toString('base64') },
    issuer.token,
  );
  const password = 'clave-efact-e2e-1';
  await post(
    base,
    '/api/companies',
    { ruc: WITH_CDR.emisor, nombre: 'EFACT S.A.C.', password },
    ADMIN_TOKEN,
  );
  const efact = (await post(base, '/api/company/auth', { ruc: WITH_CDR.emisor, password })) as {
    token: string;
  };
  await post(
    base,
    '/api/company/documents',
    {
      xml: (await fixture('20000000001-07-F001-1.xml')).toString('base64'),
      cdr: (await fixture('efact_cdr1.xml')).toString('base64'),
    },
    efact.token,
  );
}

async function consult(
  page: Page,
  base: string,
  proof: { emisor: string; tipo: string; documento: string; fecha: string; total: string },
): Promise<void> {
  await page.goto(`${base}/document/login`);
  await page.getByLabel('RUC del emisor').fill(proof.emisor);
  await page.getByLabel('Serie-Correlativo').fill(proof.documento);
  await page.getByLabel('Tipo de documento').selectOption(proof.tipo);
  await page.getByLabel('Fecha de emisión').fill(proof.fecha);
  await page.getByLabel('Total').fill(proof.total);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await page.waitForURL(/\/document$/);
}

const PADDED_PROOF = {
  emisor: CONSULTED.emisor,
  tipo: CONSULTED.tipo,
  documento: PADDED.documento,
  fecha: CONSULTED.fechaTexto,
  total: CONSULTED.total,
};

describe('documents as printed, with the operator named', () => {
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortal(OPERATOR);
    await seedPortal(portal.url);
    await seedPrintedDocuments(portal.url);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('on an Android phone: printed number, catalogue units, tax table, footer, PDF image, CDR name', async () => {
    // Android's Chrome as a phone reports itself: it cannot show a PDF in a frame.
    const context = await browser.newContext({
      viewport: PHONE,
      userAgent: ANDROID_CHROME,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      acceptDownloads: true,
      locale: 'es-PE',
      timezoneId: 'America/Lima',
    });
    const page = await context.newPage();
    const problems = watchForBreakage(page);
    const shot = screenshots('document-as-printed-android');

    // Matching stays lenient: 230 finds the document printed as 00000230.
    await consult(page, portal.url, PADDED_PROOF);
    await page.getByRole('heading', { name: 'FACTURA ELECTRÓNICA' }).waitFor();
    await page.getByText(PADDED.printed, { exact: true }).waitFor();
    await page.getByText(`Factura ${PADDED.printed}`, { exact: true }).waitFor();
    await page.getByText('DETALLE').waitFor();
    await page
      .getByText(/\bUNIDAD\b/)
      .first()
      .waitFor();
    expect(await page.getByText(/\bNIU\b/).count()).toBe(0);

    const overflow = await page.evaluate(() => {
      const taxes = document.querySelector('table[aria-label="IMPUESTOS"]');
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        taxes: taxes === null ? null : taxes.scrollWidth - taxes.parentElement!.clientWidth,
      };
    });
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.taxes).not.toBeNull();
    expect(overflow.taxes).toBeLessThanOrEqual(0);

    const footer = page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain('Portal operado por Gaspersoft EIRL');
    expect(
      await footer.getByRole('link', { name: 'soporte@gaspersoft.pe' }).getAttribute('href'),
    ).toBe('mailto:soporte@gaspersoft.pe');
    expect(await footer.textContent()).toContain(OPERATOR.SUFEL_LEGAL_NOTE);
    expect(await page.content()).not.toContain('example.com');
    await shot(page, 'document');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ver PDF' }).click();
    const preview = page.getByRole('dialog', {
      name: `Representación impresa · Factura ${PADDED.printed}`,
    });
    const image = preview.getByRole('img', { name: `Primera página de Factura ${PADDED.printed}` });
    await image.waitFor({ timeout: 30_000 });
    expect(await preview.locator('iframe').count()).toBe(0);
    const drawn = await image.evaluate((element) => {
      const img = element as HTMLImageElement;
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(drawn.width).toBeGreaterThan(300);
    expect(drawn.height).toBeGreaterThan(drawn.width);
    await shot(page, 'pdf-first-page');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByRole('link', { name: 'Descargar', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('20606433094-01-F001-230.pdf');
    await preview.getByRole('button', { name: 'Cerrar' }).click();
    await preview.waitFor({ state: 'detached' });

    // SUNAT's answer keeps SUNAT's name, with the extension of what was sent.
    await consult(page, portal.url, WITH_CDR);
    await page.getByRole('heading', { name: 'NOTA DE CRÉDITO ELECTRÓNICA' }).waitFor();
    const [cdr] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar CDR', exact: true }).click(),
    ]);
    expect(cdr.suggestedFilename()).toBe('R-20000000001-07-F001-1.xml');
    await shot(page, 'credit-note');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a desktop: the same document, and the footer under it', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('document-as-printed-desktop');
    await consult(page, portal.url, { ...PADDED_PROOF, documento: 'F001-00230' });
    await page.getByText(PADDED.printed, { exact: true }).waitFor();
    await page.getByText('DETALLE').waitFor();
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Gaspersoft EIRL/ })
      .waitFor();
    await shot(page, 'document');
    await page.goto(`${portal.url}/`);
    await page.getByRole('contentinfo').waitFor();
    await shot(page, 'home');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
