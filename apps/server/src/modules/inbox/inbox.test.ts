import type { Inbox } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { mailOptions, rawMail, xmlAttachments } from '../../../test/helpers/mails.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import {
  RecordingIntake,
  REFUSED_NAME,
  REFUSED_REASON,
} from '../../../test/helpers/recording-intake.js';
import { FileStoreUnavailableError } from '../../file-store/file-store.js';
import { INBOX_REASONS } from './inbox-processing.js';
import { NOT_A_DOCUMENT } from './mail-reading.js';

const RUC = '20415932376';
const OTHER_RUC = '20100070970';

let t: TestApp;
let intake: RecordingIntake;
let token: string;
let address: string;

async function inbox(query = '', bearer = token): Promise<Inbox> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/client/inbox${query}`,
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Inbox>();
}

/** Receives a mail for RUC as the listener would, and answers its log entry once read. */
async function deliver(raw: Buffer, receivers = [RUC]): Promise<number[]> {
  const head = await t.services.inbox.head(raw);
  const { queued, repeated } = await t.services.inbox.receive(raw, head, receivers, {
    via: 'smtp',
  });
  return [...queued, ...repeated];
}

async function settled(id: number, bearer = token): Promise<Inbox['correos'][number]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await inbox('?limit=100', bearer)).correos.find((entry) => entry.id === id);
    if (mail !== undefined && mail.estado !== 'pendiente') return mail;
    if (Date.now() > deadline) throw new Error(`mail ${id} still ${JSON.stringify(mail)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  intake = new RecordingIntake();
  t = await buildTestApp({
    env: { INBOUND_SMTP_PORT: '0', INBOUND_DOMAIN: 'facturas.sufel.test', HOST: '127.0.0.1' },
    receivedIntake: intake,
    jobWorkerOptions: { pollMs: 200 },
  });
  token = await storedReceiverToken(t, RUC);
  address = (await inbox()).direccion!;
});

afterAll(async () => {
  await t?.close();
});

describe('the inbound address', () => {
  it('is the account’s own, at the inbound domain, and stays the same', async () => {
    expect(address).toMatch(/^20415932376-[a-z2-9]{8}@facturas\.sufel\.test$/);
    expect((await inbox()).direccion).toBe(address);
    const other = await storedReceiverToken(t, OTHER_RUC);
    const otherAddress = (await inbox('', other)).direccion;
    expect(otherAddress).toMatch(/^20100070970-[a-z2-9]{8}@facturas\.sufel\.test$/);
  });

  it('is null, and the log still answers, while this portal receives no mail', async () => {
    const off = await buildTestApp();
    try {
      const bearer = await storedReceiverToken(off, RUC);
      const response = await off.app.inject({
        method: 'GET',
        url: '/api/client/inbox',
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(response.json()).toEqual({ direccion: null, correos: [], nextCursor: null });
    } finally {
      await off.close();
    }
  });

  it('needs a receiver session and a valid page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/client/inbox' })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/client/inbox?cursor=abc&limit=0',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/limit debe estar entre 1 y 100/);
  });
});

describe('a received mail', () => {
  it('hands its XML and ZIP attachments to the intake as mail, and logs every outcome', async () => {
    const calls = intake.calls.length;
    const raw = await rawMail(
      mailOptions(
        address,
        [
          ...xmlAttachments(2),
          { filename: `${REFUSED_NAME}.xml`, content: '<Invoice/>' },
          {
            filename: 'lote.zip',
            content: Buffer.from('PK\u0003\u0004zip'),
            contentType: 'application/zip',
          },
          {
            filename: 'F001-1.pdf',
            content: Buffer.from('%PDF-1.4'),
            contentType: 'application/pdf',
          },
          // Sent without a name, but said to be XML.
          {
            filename: false,
            content: '<Invoice><ID>F001-9</ID></Invoice>',
            contentType: 'text/xml',
          },
          // A logo inside the HTML body is part of the text, not an attachment.
          { filename: 'logo.png', content: Buffer.from('png'), cid: 'logo@proveedor' },
        ],
        { html: '<p>Adjunto <img src="cid:logo@proveedor"></p>' },
      ),
    );
    const [id] = await deliver(raw);
    const mail = await settled(id!);

    expect(intake.calls.slice(calls)).toEqual([
      {
        receiverRuc: RUC,
        origin: 'correo',
        files: [
          { name: 'F001-1.xml', text: '<Invoice><ID>F001-1</ID></Invoice>' },
          { name: 'F001-2.xml', text: '<Invoice><ID>F001-2</ID></Invoice>' },
          { name: 'ajeno.xml', text: '<Invoice/>' },
          { name: 'lote.zip', text: 'PK\u0003\u0004zip' },
          { name: 'adjunto-6.xml', text: '<Invoice><ID>F001-9</ID></Invoice>' },
        ],
      },
    ]);
    expect(mail).toMatchObject({
      de: 'Facturación Proveedor <facturas@proveedor.pe>',
      asunto: 'Factura electrónica F001-3',
      estado: 'procesado',
      motivo: null,
      adjuntos: [
        { archivo: 'F001-1.xml', estado: 'agregado', motivo: null },
        { archivo: 'F001-2.xml', estado: 'agregado', motivo: null },
        { archivo: 'ajeno.xml', estado: 'rechazado', motivo: REFUSED_REASON },
        { archivo: 'lote.zip', estado: 'agregado', motivo: null },
        { archivo: 'adjunto-6.xml', estado: 'agregado', motivo: null },
        { archivo: 'F001-1.pdf', estado: 'omitido', motivo: NOT_A_DOCUMENT },
      ],
    });
    expect(Date.parse(mail.recibido)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('with no attachment says so and adds nothing', async () => {
    const calls = intake.calls.length;
    const [id] = await deliver(await rawMail(mailOptions(address, [], { subject: 'Hola' })));
    expect(await settled(id!)).toMatchObject({
      asunto: 'Hola',
      estado: 'procesado',
      motivo: INBOX_REASONS.noAttachments,
      adjuntos: [],
    });
    expect(intake.calls.length).toBe(calls);
  });

  it('with 50 attachments gets an outcome for each, in order', async () => {
    const [id] = await deliver(await rawMail(mailOptions(address, xmlAttachments(50, 'F050'))));
    const mail = await settled(id!);
    expect(mail.adjuntos).toHaveLength(50);
    expect(mail.adjuntos.map((attachment) => attachment.archivo)).toEqual(
      Array.from({ length: 50 }, (_, index) => `F050-${index + 1}.xml`),
    );
    expect(new Set(mail.adjuntos.map((attachment) => attachment.estado))).toEqual(
      new Set(['agregado']),
    );
  });

  it('delivered twice is read once; the second delivery is logged as a repeat', async () => {
    const raw = await rawMail(
      mailOptions(address, xmlAttachments(1, 'F777'), { messageId: '<repetido@proveedor.pe>' }),
    );
    const [first] = await deliver(raw);
    await settled(first!);
    const calls = intake.calls.length;
    // A relay on the second path adds its own trace header; the mail is the same.
    const relayed = Buffer.concat([
      Buffer.from('Received: from relay.proveedor.pe by mx; Tue, 25 Nov 2025 10:00:00 -0500\r\n'),
      raw,
    ]);
    const [second] = await deliver(relayed);
    expect(second).not.toBe(first);
    const repeat = await settled(second!);
    expect(repeat).toMatchObject({ estado: 'repetido', adjuntos: [] });
    expect(repeat.motivo).toMatch(/^Este correo ya había llegado el .+; no se leyó otra vez\.$/);
    // Give a wrongly queued reading time to happen before saying none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(intake.calls.length).toBe(calls);
  });

  it('with the same Message-ID but another body is another mail', async () => {
    const a = await rawMail(
      mailOptions(address, xmlAttachments(1, 'FA'), { messageId: '<mismo@x.pe>' }),
    );
    const b = await rawMail(
      mailOptions(address, xmlAttachments(1, 'FB'), { messageId: '<mismo@x.pe>' }),
    );
    const [first] = await deliver(a);
    const [second] = await deliver(b);
    expect((await settled(first!)).estado).toBe('procesado');
    expect((await settled(second!)).estado).toBe('procesado');
  });

  it('addressed to two accounts gets an entry in each log, read for each', async () => {
    const other = await storedReceiverToken(t, '20131312955');
    const ids = await deliver(await rawMail(mailOptions(address, xmlAttachments(1, 'F2X'))), [
      RUC,
      '20131312955',
    ]);
    expect(ids).toHaveLength(2);
    expect((await settled(ids[0]!)).adjuntos).toHaveLength(1);
    expect((await settled(ids[1]!, other)).adjuntos).toHaveLength(1);
    expect((await inbox('?limit=100', other)).correos.map((mail) => mail.id)).toEqual([ids[1]]);
  });

  it('waits, saying why, while the store is down, and is read once it is back', async () => {
    intake.failWith = () =>
      new FileStoreUnavailableError('disk_full', { cause: new Error('ENOSPC') });
    const [id] = await deliver(await rawMail(mailOptions(address, xmlAttachments(1, 'FDOWN'))));
    const deadline = Date.now() + 10_000;
    let mail = (await inbox('?limit=1')).correos[0]!;
    while (mail.motivo !== INBOX_REASONS.storeDown && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mail = (await inbox('?limit=1')).correos[0]!;
    }
    expect(mail).toMatchObject({
      id,
      estado: 'pendiente',
      motivo: INBOX_REASONS.storeDown,
      adjuntos: [],
    });

    intake.failWith = null;
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    t.services.jobWorker.wake();
    expect(await settled(id!)).toMatchObject({
      estado: 'procesado',
      motivo: null,
      adjuntos: [{ archivo: 'FDOWN-1.xml', estado: 'agregado', motivo: null }],
    });
  });
});

describe('the mail log', () => {
  it('pages newest first', async () => {
    const all = (await inbox('?limit=100')).correos.map((mail) => mail.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const first = await inbox('?limit=2');
    expect(first.correos.map((mail) => mail.id)).toEqual(all.slice(0, 2));
    const second = await inbox(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.correos.map((mail) => mail.id)).toEqual(all.slice(2, 4));
    const last = await inbox(`?limit=100&cursor=${all.at(-2)}`);
    expect(last).toMatchObject({ nextCursor: null, correos: [{ id: all.at(-1) }] });
  });
});
