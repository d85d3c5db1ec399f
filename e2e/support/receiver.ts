import type { Page } from 'playwright-core';
import { CONSULTED, RECEIVER_RUC } from './seed.js';

/**
 * Opens the seeded receiver's account, proving it with the consulted document;
 * `email` asks for a confirmation message to that address.
 */
export async function registerReceiver(
  base: string,
  password: string,
  email?: string,
): Promise<void> {
  const response = await fetch(`${base}/api/client/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      documento: RECEIVER_RUC,
      nombres: 'COCA-COLA SERVICIOS DE PERU S.A.',
      password,
      repeat_password: password,
      ...(email === undefined ? {} : { email }),
      comprobante: {
        emisor: CONSULTED.emisor,
        tipo: CONSULTED.tipo,
        documento: CONSULTED.documento,
        fecha: CONSULTED.fecha,
        total: CONSULTED.total,
      },
    }),
  });
  if (!response.ok) throw new Error(`register → ${response.status} ${await response.text()}`);
}

/** Signs the seeded receiver in through the login form and waits for the company area. */
export async function signInReceiver(page: Page, base: string, password: string): Promise<void> {
  await page.goto(`${base}/client/login`);
  await page.getByRole('textbox', { name: 'RUC', exact: true }).fill(RECEIVER_RUC);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/client(\?|$)/);
}
