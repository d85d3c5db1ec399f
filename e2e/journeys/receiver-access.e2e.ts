import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, seriousViolations } from '../support/browser.js';
import { typeDate } from '../support/date-field.js';
import { receiverJourney } from '../support/receiver-journey.js';
import {
  EXTRA_FACTURAS,
  SECOND_ISSUER,
  SECOND_ISSUER_DOCUMENTS,
  SECOND_PROOF,
  seedSecondIssuer,
} from '../support/seed.js';

const PASSWORD = 'clave-acceso-1';
const NEW_PASSWORD = 'clave-acceso-nueva-2';
/** The first issuer's documents, all of November 2024, as the dashboard opens on them. */
const FIRST_ISSUER_ONLY = EXTRA_FACTURAS + 3;
const BOTH_ISSUERS = FIRST_ISSUER_ONLY + SECOND_ISSUER_DOCUMENTS;
/** How the dashboard's issuer filter names the second issuer. */
const SECOND_CHOICE = `${SECOND_ISSUER.ruc} - ${SECOND_ISSUER.nombre}`;

const accessCard = (page: Page) => page.getByRole('region', { name: 'Acceso a comprobantes' });
const issuersList = (page: Page) =>
  accessCard(page).getByRole('list', { name: 'Ve solo los comprobantes de estos emisores:' });

async function fillSecondIssuerProof(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Agregar emisor' });
  await form
    .getByRole('textbox', { name: 'RUC del emisor', exact: true })
    .fill(SECOND_PROOF.emisor);
  await form
    .getByRole('textbox', { name: 'Serie-Correlativo', exact: true })
    .fill(SECOND_PROOF.documento);
  await typeDate(page, 'Fecha de emisión', SECOND_PROOF.fechaTexto);
  await form.getByRole('textbox', { name: 'Total', exact: true }).fill(SECOND_PROOF.total);
}

/** The issuers the dashboard's filter offers. */
async function issuerChoices(page: Page): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Emisor' }).click();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return options;
}

describe('which issuers a receiver sees, in Chromium', () => {
  // Registered with a document of the first issuer: it opens that issuer only.
  const journey = receiverJourney(PASSWORD, seedSecondIssuer);

  it("adds a second issuer with one of its documents, and then lists that issuer's documents too", async () => {
    const { context, page, problems, shot } = await journey.visit(
      DESKTOP,
      'receiver-access-desktop',
    );

    await page.getByText(`1–25 de ${FIRST_ISSUER_ONLY}`).waitFor();
    await page.getByText('Ve los comprobantes de los emisores que agregó.').waitFor();
    expect(await issuerChoices(page)).toEqual(['Todos', expect.stringMatching(/^20606433094 - /)]);
    await shot(page, 'dashboard-first-issuer-only');

    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/client/perfil');
    await issuersList(page).waitFor();
    expect(await issuersList(page).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^GASPERSOFT.*RUC 20606433094 · desde el \d+ de \w+ de \d{4}$/),
    ]);
    await accessCard(page).scrollIntoViewIfNeeded();
    await shot(page, 'profile-card', { fullPage: false });

    await accessCard(page).getByRole('button', { name: 'Agregar emisor' }).click();
    await fillSecondIssuerProof(page);
    await shot(page, 'profile-add-issuer-form', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('form', { name: 'Agregar emisor' })
      .getByRole('button', { name: 'Agregar emisor' })
      .click();
    await page.getByText('Emisor agregado: ya puede ver sus comprobantes.').waitFor();
    await issuersList(page).getByText(SECOND_ISSUER.nombre).waitFor();
    expect(await issuersList(page).getByRole('listitem').count()).toBe(2);
    // Back on the button that opened the form, with the list above it in view.
    expect(
      await accessCard(page)
        .getByRole('button', { name: 'Agregar emisor' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await shot(page, 'profile-issuer-added', { fullPage: false });

    await page.getByRole('link', { name: 'Mis comprobantes' }).click();
    await page.getByText(`1–25 de ${BOTH_ISSUERS}`).waitFor();
    expect(await issuerChoices(page)).toContain(SECOND_CHOICE);
    await page.getByRole('combobox', { name: 'Emisor' }).click();
    await page.getByRole('option', { name: SECOND_CHOICE }).click();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText(`1–${SECOND_ISSUER_DOCUMENTS} de ${SECOND_ISSUER_DOCUMENTS}`).waitFor();
    await shot(page, 'dashboard-second-issuer');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits the card, the form and the dashboard dialog on a phone', async () => {
    const { context, page, problems, shot } = await journey.visit(PHONE, 'receiver-access-phone');

    await page.getByRole('button', { name: 'Agregar emisor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar emisor' });
    await dialog.getByRole('textbox', { name: 'RUC del emisor', exact: true }).waitFor();
    expect(
      await dialog
        .getByRole('textbox', { name: 'RUC del emisor' })
        .evaluate((field) => field === document.activeElement),
    ).toBe(true);
    await shot(page, 'dashboard-add-issuer-dialog', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${journey.url}/client/perfil`);
    await issuersList(page).waitFor();
    await accessCard(page).scrollIntoViewIfNeeded();
    await shot(page, 'profile-card', { fullPage: false });
    await accessCard(page).getByRole('button', { name: 'Agregar emisor' }).click();
    await page.getByRole('form', { name: 'Agregar emisor' }).scrollIntoViewIfNeeded();
    await shot(page, 'profile-add-issuer-form', { fullPage: false });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the session that changed the password, and ends the others', async () => {
    const elsewhere = await journey.visit(DESKTOP, 'password-change-elsewhere');
    const here = await journey.visit(DESKTOP, 'password-change-sessions');
    const { page, problems, shot } = here;

    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await page.waitForURL('**/client/perfil');
    await page.getByRole('textbox', { name: 'Contraseña actual', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Repita la nueva contraseña', exact: true })
      .fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await page.getByText('Contraseña actualizada').first().waitFor();

    await page.getByRole('link', { name: 'Mis comprobantes' }).click();
    await page.getByText(/^1–25 de \d+$/).waitFor();
    await page.reload();
    await page.getByText(/^1–25 de \d+$/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/client');
    await shot(page, 'same-session-after-change');

    await elsewhere.page.reload();
    await elsewhere.page.waitForURL('**/client/login**');
    await elsewhere.page.getByText('Su sesión expiró. Vuelva a ingresar.').waitFor();
    await shot(elsewhere.page, 'other-session-ended');
    expect(problems).toEqual([]);
    await here.context.close();
    await elsewhere.context.close();
  });
});
