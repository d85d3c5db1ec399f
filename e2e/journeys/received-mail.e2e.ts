import { readFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { DESKTOP, seriousViolations } from '../support/browser.js';
import { freePort, ROOT } from '../support/portal.js';
import { receiverJourney } from '../support/receiver-journey.js';
import { RECEIVER_RUC } from '../support/seed.js';

const PASSWORD = 'clave-correo-1';
const DOMAIN = 'recepcion.sufel.test';
const SMTP_PORT = await freePort();
/** An unsigned factura of a supplier that does not publish here, dated September 2017. */
const SUPPLIER_FACTURA = path.join(ROOT, 'packages/ubl/test/fixtures/20600055519-01-FF60-4.xml');

describe('a supplier mails its factura to the receiver’s address, in Chromium', () => {
  const journey = receiverJourney(PASSWORD, undefined, {
    INBOUND_SMTP_PORT: String(SMTP_PORT),
    INBOUND_DOMAIN: DOMAIN,
  });

  it('shows the mail and its attachment on the profile, and the document in the list as mailed', async () => {
    const { context, page, problems, shot } = await journey.visit(DESKTOP, 'received-mail');
    try {
      await page.goto(`${journey.url}/client/perfil`);
      const inbox = page.getByRole('region', { name: 'Recibir comprobantes por correo' });
      const address = await inbox.getByLabel('Su dirección para recibir comprobantes').inputValue();
      expect(address).toMatch(
        new RegExp(`^${RECEIVER_RUC}-[a-z0-9]+@${DOMAIN.replaceAll('.', '\\.')}$`),
      );
      await inbox.getByText('Todavía no llegó ningún correo a esta dirección.').waitFor();

      const factura = await readFile(SUPPLIER_FACTURA, 'latin1');
      const mailer = nodemailer.createTransport({
        host: '127.0.0.1',
        port: SMTP_PORT,
        secure: false,
        ignoreTLS: true,
      });
      await mailer.sendMail({
        from: 'facturacion@proveedor.test',
        to: address,
        subject: 'Factura FF60-4',
        text: 'Adjuntamos nuestra factura.',
        attachments: [
          {
            filename: '20600055519-01-FF60-4.xml',
            content: Buffer.from(factura.replaceAll('20100070970', RECEIVER_RUC), 'latin1'),
          },
        ],
      });

      await expect
        .poll(
          async () => {
            await page.reload();
            await inbox.getByLabel('Su dirección para recibir comprobantes').waitFor();
            return inbox.getByText('Agregado').count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      await inbox.getByText('Factura FF60-4').waitFor();
      await inbox.getByText('facturacion@proveedor.test').waitFor();
      await shot(page, 'mail-processed');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${journey.url}/client?desde=2017-09-01&hasta=2017-09-30&origen=correo`);
      await page.getByText('FF60-4').first().waitFor();
      await page.getByText('Recibido por correo').first().waitFor();
      await shot(page, 'mailed-document-in-list');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
