import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSunatStandIn,
  type StandInDocument,
  type SunatStandIn,
} from '../../apps/server/test/helpers/sunat-stand-in.js';
import {
  DESKTOP,
  launchBrowser,
  newVisitor,
  PHONE,
  screenshots,
  seriousViolations,
  watchForBreakage,
} from '../support/browser.js';
import { ADMIN_TOKEN, startPortal, type Portal } from '../support/portal.js';
import { registerReceiver, signInReceiver } from '../support/receiver.js';
import {
  CONSULTED,
  EXTRA_FACTURAS,
  ISSUER,
  RECEIVER_RUC,
  SECOND_ISSUER,
  SECOND_ISSUER_DOCUMENTS,
  seedPortal,
  seedSecondIssuer,
} from '../support/seed.js';

const PASSWORD = 'clave-sunat-e2e-1';
/** As SOL shows an API client's id: a UUID. */
const CLIENT_ID = '7d0c4e2a-91b3-4f6e-a8d5-3c2b1e0f9a64';
const CLIENT_SECRET = 'Vb82-secreto-de-api-sunat';
const MASKED_ID = /^Client ID guardado: •+9a64$/;
/** When SUNAT last took them, as Lima's clock says it ("27 nov. 2026, 2:41 p. m."). */
const LAST_ACCEPTED =
  /^Última vez que SUNAT las aceptó: \d{1,2} \w+\.? \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\.$/;
/** Every document of November 2024, of both issuers: all of types SUNAT answers for. */
const NOVEMBER = EXTRA_FACTURAS + 3 + SECOND_ISSUER_DOCUMENTS;
const PERIOD_TEXT = 'del 01/11/2024 al 30/11/2024';

/** F001-4, which its issuer voided: SUNAT has it as ANULADO. */
const VOIDED: StandInDocument = {
  issuerRuc: ISSUER.ruc,
  type: '01',
  series: 'F001',
  number: 4,
  issueDate: '2024-11-26',
  estadoCp: '2',
  estadoRuc: '00',
  condDomiRuc: '00',
};

/** The second issuer's documents: SUNAT has that supplier as NO HABIDO. */
const fromMissingSupplier = (number: number, condDomiRuc = '12'): StandInDocument => ({
  issuerRuc: SECOND_ISSUER.ruc,
  type: '01',
  series: 'F002',
  number,
  issueDate: CONSULTED.fecha,
  estadoCp: '1',
  estadoRuc: '00',
  condDomiRuc,
});

const credentialsCard = (page: Page) =>
  page.getByRole('region', { name: 'Credenciales de API SUNAT' });

/** Whether the page is wider than the screen, i.e. scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Types the credentials into the card's form and saves them, which tries them with SUNAT. */
async function saveCredentials(page: Page, clientSecret: string): Promise<void> {
  const card = credentialsCard(page);
  await card.getByRole('textbox', { name: 'Client ID', exact: true }).fill(CLIENT_ID);
  await card.getByRole('textbox', { name: 'Client secret', exact: true }).fill(clientSecret);
  await card.getByRole('button', { name: 'Guardar y probar' }).click();
}

/** Shows only the documents of one series-number through the dashboard's filter. */
async function filterDocument(page: Page, serie: string, numero: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Serie', exact: true }).fill(serie);
  await page.getByRole('textbox', { name: 'Correlativo', exact: true }).fill(String(numero));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByText('1–1 de 1').waitFor();
}

/** Waits for what glides or fades in the element (MUI's transitions) to get where it goes. */
async function transitionsDone(element: Locator): Promise<void> {
  await element.evaluate((node) =>
    Promise.all(node.getAnimations({ subtree: true }).map((each) => each.finished)),
  );
}

/**
 * Starts the check of the period the dashboard lists, sees it advance and
 * waits for its end; the dialog stays open.
 */
async function checkPeriod(page: Page, shot: ReturnType<typeof screenshots>): Promise<Locator> {
  await page.getByRole('button', { name: 'Verificar en SUNAT', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Verificar en SUNAT' });
  await dialog
    .getByText(`estado actual de cada comprobante ${PERIOD_TEXT}`, { exact: false })
    .waitFor();
  // Ready once it knows no check of this receiver is already running.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')).some(
      (button) => button.textContent?.trim() === 'Empezar' && !button.disabled,
    ),
  );
  await transitionsDone(dialog.getByRole('button', { name: 'Empezar' }));
  await shot(page, 'check-period', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Empezar' }).click();
  // Part of the way: SUNAT answers a few documents a second.
  const partway = await page.waitForFunction(() => {
    const bar = document.querySelector('[role="dialog"] [role="progressbar"][aria-valuenow]');
    const now = Number(bar?.getAttribute('aria-valuenow'));
    return now > 0 && now < 100 && bar?.getAttribute('aria-valuetext');
  });
  expect(await partway.jsonValue()).toMatch(new RegExp(`^\\d+ de ${NOVEMBER} verificados$`));
  await shot(page, 'check-period-running', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);

  await dialog
    .getByText(`Verificación de los comprobantes ${PERIOD_TEXT} terminada.`)
    .waitFor({ timeout: 30_000 });
  await dialog.getByText(`${NOVEMBER} de ${NOVEMBER} verificados`, { exact: true }).waitFor();
  const bar = dialog.getByRole('progressbar');
  expect(await bar.getAttribute('aria-valuenow')).toBe('100');
  expect(await dialog.getByText('No se pudieron verificar:').count()).toBe(0);
  // The bar glides to its end: seen once it got there.
  await transitionsDone(bar);
  await shot(page, 'check-period-done', { fullPage: false });
  expect(await seriousViolations(page)).toEqual([]);
  return dialog;
}

describe("SUNAT's current state of the receiver's documents, in Chromium", () => {
  let sunat: SunatStandIn;
  let portal: Portal;
  let browser: Browser;

  beforeAll(async () => {
    sunat = await startSunatStandIn({ [CLIENT_ID]: CLIENT_SECRET });
    // Every other document: accepted, its issuer active and habido.
    sunat.unknownDocument = { estadoCp: '1', estadoRuc: '00', condDomiRuc: '00' };
    sunat.addDocument(VOIDED);
    for (let number = 1; number <= SECOND_ISSUER_DOCUMENTS; number += 1) {
      sunat.addDocument(fromMissingSupplier(number));
    }
    portal = await startPortal({
      SUNAT_AUTH_URL: sunat.authUrl,
      SUNAT_API_URL: sunat.apiUrl,
      // Slow enough that the dialog shows the check part of the way, fast enough to end soon.
      SUNAT_RATE_PER_SECOND: '15',
      // PostgreSQL keeps no key of its own: without one no credentials can be saved.
      SECRETS_KEY: 'e2e-secrets-key-0123456789abcdef0123',
    });
    await seedPortal(portal.url);
    await seedSecondIssuer(portal.url);
    await registerReceiver(portal.url, PASSWORD);
    // Verified by the operator, the account sees both issuers' documents; an account opened
    // by a document's proof gets a new password then, here the one it had.
    const verified = await fetch(`${portal.url}/api/clients/${RECEIVER_RUC}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ verificado: true, password: PASSWORD }),
    });
    if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await sunat?.close();
  });

  it('saves working credentials, checks the period and one document, on a desktop', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    const problems = watchForBreakage(page);
    const shot = screenshots('sunat-validity-desktop');
    await signInReceiver(page, portal.url, PASSWORD);

    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/client/perfil');
    const card = credentialsCard(page);
    await card.getByText(/^No hay credenciales de API SUNAT guardadas\./).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'credentials-none', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    await saveCredentials(page, 'secreto-equivocado');
    await card
      .getByText(/^SUNAT no aceptó el client id y el client secret.*Credenciales de API SUNAT/)
      .waitFor();
    await shot(page, 'credentials-refused', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    await saveCredentials(page, CLIENT_SECRET);
    await card.getByText('Credenciales guardadas: SUNAT las aceptó.').waitFor();
    await card.getByText(MASKED_ID).waitFor();
    await card.getByText(LAST_ACCEPTED).waitFor();
    expect(await card.textContent()).not.toContain(CLIENT_ID);
    expect(await card.getByRole('textbox').count()).toBe(0);
    await shot(page, 'credentials-accepted', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Mis comprobantes' }).click();
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    const dialog = await checkPeriod(page, shot);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // One query per document, each asked as the receiver, with its own credentials.
    const queries = sunat.requests.filter((request) => request.endpoint === 'query');
    expect(queries).toHaveLength(NOVEMBER);
    expect(new Set(queries.map((query) => query.consultingRuc))).toEqual(new Set([RECEIVER_RUC]));

    // The list now says in words what SUNAT warns of, under the verdict: the voided one is Anulado.
    const voidedRow = page.locator('.MuiDataGrid-row', { hasText: 'F001-4' });
    await voidedRow.getByText('Anulado en SUNAT').waitFor();
    await voidedRow.getByText('Anulado', { exact: true }).waitFor();
    await shot(page, 'list-after-check', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);

    // The first cell is the row's box to choose it; the next one opens the row on Enter.
    await voidedRow.locator('[role="gridcell"]').nth(1).focus();
    await page.keyboard.press('Enter');
    const voided = page.getByRole('dialog', { name: /ELECTRÓNICA F001-4$/ });
    const validity = voided.getByRole('region', { name: 'ESTADO ACTUAL EN SUNAT' });
    await validity.getByText('Anulado (2)').waitFor();
    await voided.getByText('Anulado en SUNAT').first().waitFor();
    await validity.scrollIntoViewIfNeeded();
    await shot(page, 'voided-document', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await voided.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await voided.waitFor({ state: 'detached' });

    // Since the check, its issuer voided F001-3 too: asking again from the document says so.
    sunat.addDocument({
      ...VOIDED,
      number: 3,
      issueDate: CONSULTED.fecha,
    });
    await filterDocument(page, 'F001', 3);
    await page.locator('.MuiDataGrid-row [role="gridcell"]').nth(1).focus();
    await page.keyboard.press('Enter');
    const consulted = page.getByRole('dialog', { name: /ELECTRÓNICA F001-3$/ });
    const consultedValidity = consulted.getByRole('region', { name: 'ESTADO ACTUAL EN SUNAT' });
    await consultedValidity.getByText('Válido en SUNAT').waitFor();
    await consultedValidity.getByText('Aceptado (1)').waitFor();
    await consultedValidity.getByRole('button', { name: 'Verificar en SUNAT' }).click();
    await page.getByText('SUNAT respondió la consulta.').waitFor();
    await consultedValidity.getByText('Anulado (2)').waitFor();
    await consultedValidity.getByText('Anulado en SUNAT').waitFor();
    await consultedValidity.scrollIntoViewIfNeeded();
    await shot(page, 'document-checked-again', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('replaces the credentials, checks the period and one document, on a phone', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    const problems = watchForBreakage(page);
    const shot = screenshots('sunat-validity-phone');
    await signInReceiver(page, portal.url, PASSWORD);

    // The credentials the desktop saved: removed, then entered again.
    await page.goto(`${portal.url}/client/perfil`);
    const card = credentialsCard(page);
    await card.getByText(MASKED_ID).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'credentials-saved', { fullPage: false });
    await card.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('Credenciales de API SUNAT eliminadas.').waitFor();
    await card.getByText(/^No hay credenciales de API SUNAT guardadas\./).waitFor();

    await saveCredentials(page, 'secreto-equivocado');
    await card.getByText(/^SUNAT no aceptó el client id y el client secret/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'credentials-refused', { fullPage: false });
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await saveCredentials(page, CLIENT_SECRET);
    await card.getByText('Credenciales guardadas: SUNAT las aceptó.').waitFor();
    await card.getByText(MASKED_ID).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'credentials-accepted', { fullPage: false });
    expect(await scrollsSideways(page)).toBe(false);

    await page.goto(`${portal.url}/client`);
    await page.getByText(`1–25 de ${NOVEMBER}`).waitFor();
    const dialog = await checkPeriod(page, shot);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The supplier NO HABIDO: each of its cards says so. A phone folds the filters into "Filtros".
    await page.getByRole('button', { name: /^Filtros/ }).click();
    await page.getByRole('combobox', { name: 'Emisor' }).click();
    await page
      .getByRole('option', { name: `${SECOND_ISSUER.ruc} - ${SECOND_ISSUER.nombre}` })
      .click();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText(`1–${SECOND_ISSUER_DOCUMENTS} de ${SECOND_ISSUER_DOCUMENTS}`).waitFor();
    const cards = page.getByRole('button', { name: /^Factura F002-\d+/ });
    expect(await cards.count()).toBe(SECOND_ISSUER_DOCUMENTS);
    for (const text of await cards.allTextContents()) expect(text).toContain('Proveedor NO HABIDO');
    await cards.first().scrollIntoViewIfNeeded();
    await shot(page, 'cards-after-check', { fullPage: false });
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // SUNAT found the supplier again: asking from F002-1 shows it habido.
    sunat.addDocument(fromMissingSupplier(1, '00'));
    await page.getByRole('button', { name: /^Factura F002-1\b/ }).click();
    const opened = page.getByRole('dialog', { name: /ELECTRÓNICA F002-1$/ });
    const validity = opened.getByRole('region', { name: 'ESTADO ACTUAL EN SUNAT' });
    await validity.getByText('No habido (12)').waitFor();
    await opened.getByText('Proveedor NO HABIDO').first().waitFor();
    await validity.scrollIntoViewIfNeeded();
    await shot(page, 'document-supplier-no-habido', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await validity.getByRole('button', { name: 'Verificar en SUNAT' }).click();
    await page.getByText('SUNAT respondió la consulta.').waitFor();
    await validity.getByText('Habido (00)').waitFor();
    await validity.getByText('Válido en SUNAT').waitFor();
    expect(await opened.getByText('Proveedor NO HABIDO').count()).toBe(0);
    await validity.scrollIntoViewIfNeeded();
    await shot(page, 'document-checked-again', { fullPage: false });
    expect(await scrollsSideways(page)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
