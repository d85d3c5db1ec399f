import type { DocumentPage, Inbox } from '@sufel/contract';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { mailOptions, rawMail } from '../../../test/helpers/mails.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';

const RECEIVER = SAMPLES.factura3.cliente;

let t: TestApp;
let token: string;
let address: string;

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** Receives a mail as the listener would, and answers its log entry once read. */
async function deliver(raw: Buffer): Promise<Inbox['correos'][number]> {
  const head = await t.services.inbox.head(raw);
  const { queued } = await t.services.inbox.receive(raw, head, [RECEIVER], { via: 'smtp' });
  const id = queued[0]!;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = (await get<Inbox>('/api/client/inbox?limit=100')).correos.find(
      (entry) => entry.id === id,
    );
    if (mail !== undefined && mail.estado !== 'pendiente') return mail;
    if (Date.now() > deadline) throw new Error(`mail ${id} still ${JSON.stringify(mail)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  t = await buildTestApp({
    env: { INBOUND_SMTP_PORT: '0', INBOUND_DOMAIN: 'facturas.sufel.test', HOST: '127.0.0.1' },
    jobWorkerOptions: { pollMs: 200 },
  });
  token = await storedReceiverToken(t, RECEIVER);
  address = (await get<Inbox>('/api/client/inbox')).direccion!;
});

afterAll(async () => {
  await t?.close();
});

describe('documents that arrive by mail', () => {
  it('are read as an upload is, and kept as the account’s own with their origin', async () => {
    const mail = await deliver(
      await rawMail(
        mailOptions(address, [
          { filename: SAMPLES.factura4.file, content: await fixture(SAMPLES.factura4.file) },
          {
            filename: 'otros.zip',
            content: Buffer.from(
              zipSync({
                [SAMPLES.notaCredito1.file]: await fixture(SAMPLES.notaCredito1.file),
                [SAMPLES.ubl20Factura.file]: await fixture(SAMPLES.ubl20Factura.file),
              }),
            ),
            contentType: 'application/zip',
          },
        ]),
      ),
    );
    expect(mail).toMatchObject({ estado: 'procesado', motivo: null });
    expect(mail.adjuntos.map((attachment) => [attachment.archivo, attachment.estado])).toEqual([
      [SAMPLES.factura4.file, 'agregado'],
      [`otros.zip/${SAMPLES.notaCredito1.file}`, 'agregado'],
      [`otros.zip/${SAMPLES.ubl20Factura.file}`, 'rechazado'],
    ]);
    expect(mail.adjuntos[2]!.motivo).toContain('no está dirigido a su RUC');

    const rows = await t.database.db
      .selectFrom('documents')
      .select(['serie', 'numero', 'tipo', 'origen'])
      .where('cliente_doc', '=', RECEIVER)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { serie: 'F001', numero: 4, tipo: '01', origen: 'correo' },
      { serie: 'F001', numero: 1, tipo: '07', origen: 'correo' },
    ]);
    const listed = await get<DocumentPage>('/api/client/documents?limit=100');
    expect(listed.items.map((document) => document.correlativo).sort()).toEqual(['1', '4']);
    expect(listed.items.map((document) => document.origen)).toEqual(['correo', 'correo']);
  });

  it('that the account already holds are duplicates, and a second mail adds nothing', async () => {
    const mail = await deliver(
      await rawMail(
        mailOptions(
          address,
          [{ filename: 'copia.xml', content: await fixture(SAMPLES.factura4.file) }],
          { subject: 'Reenvío' },
        ),
      ),
    );
    expect(mail.adjuntos).toEqual([
      {
        archivo: 'copia.xml',
        estado: 'duplicado',
        motivo: 'Ya está en su archivo: llegó antes por correo.',
      },
    ]);
  });
});
