import type { DocumentPage, ReceivedUpload } from '@sufel/contract';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import { createPasswordHasher } from '../../auth/passwords.js';
import { ReceiversRepository } from '../receiver/receiver.repository.js';

const RECEIVER = SAMPLES.factura3.cliente;
const ISSUER = SAMPLES.factura3.emisor;
const OTHER_RECEIVER = SAMPLES.ubl20Factura.cliente;
const PASSWORD = 'clave-receptor-1';

let t: TestApp;
let token: string;

function multipart(files: readonly { name: string; bytes: Uint8Array }[], field = 'files') {
  const boundary = `----sufel${randomBytes(8).toString('hex')}`;
  const parts = files.flatMap(({ name, bytes }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  files: readonly { name: string; bytes: Uint8Array }[],
  bearer = token,
): Promise<ReceivedUpload['items']> {
  const body = multipart(files);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/client/received',
    headers: { ...body.headers, authorization: `Bearer ${bearer}` },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceivedUpload>().items;
}

async function sample(name: keyof typeof SAMPLES) {
  return { name: SAMPLES[name].file, bytes: await fixture(SAMPLES[name].file) };
}

async function listed(bearer = token): Promise<DocumentPage['items']> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/client/documents?limit=500',
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DocumentPage>().items;
}

async function countDocuments(): Promise<number> {
  const row = await t.database.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An account that sees no issuer's documents (no proof, not verified). */
async function bareReceiverToken(receiverRuc: string): Promise<string> {
  const hash = await createPasswordHasher(2 ** 10).hash(PASSWORD);
  await new ReceiversRepository(t.database.db).insert(
    receiverRuc,
    `CLIENTE ${receiverRuc}`,
    hash,
    new Date(0),
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { documento: receiverRuc, password: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.json<{ token: string }>().token;
}

beforeAll(async () => {
  t = await buildTestApp();
  token = await storedReceiverToken(t, RECEIVER);
});

afterAll(async () => {
  await t?.close();
});

describe('uploading received documents', () => {
  it('adds an XML addressed to the account, which it lists, shows and downloads', async () => {
    const [outcome] = await upload([await sample('factura4')]);
    expect(outcome).toEqual({
      archivo: SAMPLES.factura4.file,
      estado: 'agregado',
      motivo: null,
      id: expect.any(Number) as number,
    });
    const row = (await listed()).find((document) => document.id === outcome!.id);
    expect(row).toMatchObject({ emisor: ISSUER, tipo: '01', serie: 'F001', correlativo: '4' });
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${outcome!.id}/resource/xml`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.rawPayload.equals(await fixture(SAMPLES.factura4.file))).toBe(true);
    // No PDF came with it: SUFEL prints one on demand, as for a published document.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${outcome!.id}/resource/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const car = await t.database.db
      .selectFrom('documents')
      .select(['car', 'origen'])
      .where('id', '=', outcome!.id!)
      .executeTakeFirstOrThrow();
    expect(car).toEqual({ car: '2060643309401F0010000000004', origen: 'carga' });
  });

  it('answers a document added before as a duplicate, keeping one row', async () => {
    const before = await countDocuments();
    const first = (await listed()).find((document) => document.correlativo === '4')!;
    const [again] = await upload([await sample('factura4')]);
    expect(again).toEqual({
      archivo: SAMPLES.factura4.file,
      estado: 'duplicado',
      motivo: 'Ya está en su archivo: se cargó antes.',
      id: first.id,
    });
    expect(await countDocuments()).toBe(before);
  });

  it('answers a document its issuer published as a duplicate, and says when the bytes differ', async () => {
    const issuer = await issuerToken(t, ISSUER);
    expect((await publishSample(t, issuer, SAMPLES.factura3)).statusCode).toBe(200);
    const published = (await listed()).find((document) => document.correlativo === '3')!;
    const before = await countDocuments();

    const [same] = await upload([await sample('factura3')]);
    expect(same).toMatchObject({ estado: 'duplicado', id: published.id });
    expect(same!.motivo).toBe('Ya está en su archivo: lo publicó el emisor.');

    const original = await fixture(SAMPLES.factura3.file);
    const altered = Buffer.concat([original, Buffer.from('\n<!-- copia del proveedor -->\n')]);
    const [differing] = await upload([{ name: 'F001-3-copia.xml', bytes: altered }]);
    expect(differing).toMatchObject({ estado: 'duplicado', id: published.id });
    expect(differing!.motivo).toContain('difiere de la copia publicada por el emisor');
    expect(await countDocuments()).toBe(before);
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${published.id}/resource/xml`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xml.rawPayload.equals(original)).toBe(true);
  });

  it('refuses a document addressed to another RUC, and hostile or unreadable files, each with its reason', async () => {
    const before = await countDocuments();
    const items = await upload([
      await sample('ubl20Factura'),
      {
        name: 'xxe.xml',
        bytes: strToU8(
          '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>',
        ),
      },
      { name: 'vacio.xml', bytes: new Uint8Array() },
      { name: 'notas.txt', bytes: strToU8('hola') },
      { name: 'factura.pdf', bytes: strToU8('%PDF-1.4 sola') },
      { name: 'roto.zip', bytes: new Uint8Array() },
    ]);
    expect(items.map((item) => [item.archivo, item.estado])).toEqual([
      [SAMPLES.ubl20Factura.file, 'rechazado'],
      ['xxe.xml', 'rechazado'],
      ['vacio.xml', 'rechazado'],
      ['notas.txt', 'rechazado'],
      ['roto.zip', 'rechazado'],
      ['factura.pdf', 'rechazado'],
    ]);
    expect(items[0]!.motivo).toContain('no está dirigido a su RUC');
    expect(items[1]!.motivo).toMatch(/DOCTYPE/);
    expect(items[2]!.motivo).toMatch(/vacío/);
    expect(items[3]!.motivo).toMatch(/No es un archivo XML ni ZIP/);
    expect(items[4]!.motivo).toMatch(/vacío/);
    expect(items[5]!.motivo).toMatch(/Un PDF solo no es un comprobante/);
    expect(items.every((item) => item.id === undefined)).toBe(true);
    expect(await countDocuments()).toBe(before);
  });

  it('refuses an XML in an encoding it cannot read, with the reason, and adds the rest', async () => {
    const declared = (await fixture(SAMPLES.factura4.file))
      .toString('latin1')
      .replace('encoding="iso-8859-1"', 'encoding="Shift_JIS"');
    const items = await upload([
      { name: 'shift-jis.xml', bytes: Buffer.from(declared, 'latin1') },
      {
        name: 'utf16-sin-declarar.xml',
        bytes: Buffer.from('\uFEFF<Invoice>sin declaración</Invoice>', 'utf16le'),
      },
    ]);
    expect(items.map((item) => [item.archivo, item.estado])).toEqual([
      ['shift-jis.xml', 'rechazado'],
      ['utf16-sin-declarar.xml', 'rechazado'],
    ]);
    expect(items[0]!.motivo).toBe(
      "La codificación 'Shift_JIS' del XML no está admitida: use UTF-8 o ISO-8859-1.",
    );
    expect(items[1]!.motivo).toEqual(expect.any(String));
  });

  it('adds the documents of a ZIP with the CDR and PDF that name them', async () => {
    const pdf = strToU8('%PDF-1.4 nota de crédito impresa');
    const zip = zipSync({
      'lote/20606433094-07-F001-1.xml': await fixture(SAMPLES.notaCredito1.file),
      'lote/20606433094-07-F001-00000001.pdf': pdf,
      'lote/leeme.txt': strToU8('comprobantes de noviembre'),
    });
    const items = await upload([{ name: 'noviembre.zip', bytes: zip }]);
    expect(items).toEqual([
      {
        archivo: 'noviembre.zip/lote/20606433094-07-F001-1.xml',
        estado: 'agregado',
        motivo: null,
        id: expect.any(Number) as number,
      },
      {
        archivo: 'noviembre.zip/lote/leeme.txt',
        estado: 'rechazado',
        motivo: 'No es un XML, un PDF ni una constancia de SUNAT: no se lee.',
      },
    ]);
    const printed = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${items[0]!.id}/resource/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(printed.statusCode).toBe(200);
    expect(printed.rawPayload.equals(Buffer.from(pdf))).toBe(true);
  });

  it('attaches a CDR by what it says when its name does not match the document’s', async () => {
    const receiver = await storedReceiverToken(t, '20587896411');
    const zip = zipSync({
      'factura.xml': await fixture('20100454523-01-F001-00004355.xml'),
      'R-20100454523-01-F001-00004355.zip': await fixture('R-20100454523-01-F001-00004355.zip'),
    });
    const [added, ...rest] = await upload([{ name: 'con-cdr.zip', bytes: zip }], receiver);
    expect(rest).toEqual([]);
    expect(added).toMatchObject({ archivo: 'con-cdr.zip/factura.xml', estado: 'agregado' });
    const row = (await listed(receiver)).find((document) => document.id === added!.id);
    expect(row).toMatchObject({ cdr: true, estado_sunat: 'aceptado' });
  });

  it('refuses a CDR that comes without its document', async () => {
    const items = await upload([
      {
        name: 'R-20100454523-01-F001-00004355.zip',
        bytes: await fixture('R-20100454523-01-F001-00004355.zip'),
      },
    ]);
    expect(items).toEqual([
      {
        archivo: 'R-20100454523-01-F001-00004355.zip',
        estado: 'rechazado',
        motivo: expect.stringMatching(
          /no corresponde a ningún comprobante de esta carga/,
        ) as string,
      },
    ]);
  });

  it('attaches a PDF or CDR that comes alone to a copy the account holds without one', async () => {
    const ruc = '20454738056';
    const receiver = await storedReceiverToken(t, ruc);
    const xml = Buffer.from(
      (await fixture('20100454523-01-F001-00004355.xml'))
        .toString('latin1')
        .replaceAll('20587896411', ruc),
      'latin1',
    );
    const [added] = await upload(
      [{ name: '20100454523-01-F001-00004355.xml', bytes: xml }],
      receiver,
    );
    expect(added).toMatchObject({ estado: 'agregado' });
    const pdf = strToU8('%PDF-1.4 factura impresa por el emisor');
    const companions = [
      { name: '20100454523-01-F001-00004355.pdf', bytes: pdf },
      {
        name: 'R-20100454523-01-F001-00004355.zip',
        bytes: await fixture('R-20100454523-01-F001-00004355.zip'),
      },
    ];
    expect(await upload(companions, receiver)).toEqual([
      {
        archivo: '20100454523-01-F001-00004355.pdf',
        estado: 'agregado',
        motivo: 'Se adjuntó como PDF del comprobante que ya estaba en su archivo.',
        id: added!.id,
      },
      {
        archivo: 'R-20100454523-01-F001-00004355.zip',
        estado: 'agregado',
        motivo:
          'Se adjuntó como constancia de SUNAT (CDR) del comprobante que ya estaba en su archivo.',
        id: added!.id,
      },
    ]);
    const row = (await listed(receiver)).find((document) => document.id === added!.id);
    expect(row).toMatchObject({ cdr: true, estado_sunat: 'aceptado' });
    const printed = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${added!.id}/resource/pdf`,
      headers: { authorization: `Bearer ${receiver}` },
    });
    expect(printed.rawPayload.equals(Buffer.from(pdf))).toBe(true);

    // Once it has them, the copy keeps its files.
    const again = await upload(companions, receiver);
    expect(again.map((item) => [item.estado, item.motivo])).toEqual([
      ['duplicado', 'El comprobante ya tiene su PDF en su archivo: se conserva el que tenía.'],
      [
        'duplicado',
        'El comprobante ya tiene su constancia de SUNAT (CDR) en su archivo: se conserva la que tenía.',
      ],
    ]);
    // Not a PDF, or for a document the account does not hold: refused.
    const refused = await upload(
      [
        { name: '20100454523-01-F001-00004355.pdf', bytes: strToU8('<html/>') },
        { name: '20100454523-01-F001-00009999.pdf', bytes: pdf },
      ],
      receiver,
    );
    expect(refused.map((item) => [item.estado, item.motivo])).toEqual([
      ['rechazado', 'No es un PDF: el archivo no empieza como un PDF.'],
      ['rechazado', expect.stringMatching(/Un PDF solo no es un comprobante/)],
    ]);
  });

  it.each([
    ['a name that escapes its folder', { '../fuera.xml': strToU8('<Invoice/>') }, /'\.\.'/],
    ['an absolute name', { '/etc/factura.xml': strToU8('<Invoice/>') }, /absolutas/],
    [
      'an entry that inflates more than 100 times',
      { 'bomba.xml': new Uint8Array(2 * 1024 * 1024) },
      /bomba ZIP/,
    ],
    [
      'more than 2 000 entries',
      Object.fromEntries(
        Array.from({ length: 2001 }, (_, index) => [`f${index}.xml`, strToU8('<a/>')]),
      ) as Zippable,
      /más de 2000 archivos/,
    ],
    ['an archive inside', { 'otro.zip': zipSync({ 'a.xml': strToU8('<a/>') }) }, /comprimido/],
  ])('refuses whole, storing nothing of it, a ZIP with %s', async (_, entries, reason) => {
    const before = await countDocuments();
    const zip = zipSync({
      '20606433094-07-F001-1.xml': await fixture(SAMPLES.notaCredito1.file),
      ...entries,
    });
    const items = await upload([{ name: 'lote.zip', bytes: zip }]);
    expect(items).toEqual([
      { archivo: 'lote.zip', estado: 'rechazado', motivo: expect.stringMatching(reason) as string },
    ]);
    expect(await countDocuments()).toBe(before);
  });

  it('refuses a file over its size limit, and reads the others', async () => {
    const items = await upload([
      { name: 'grande.xml', bytes: new Uint8Array(10 * 1024 * 1024 + 1) },
      await sample('factura4'),
    ]);
    expect(items.map((item) => [item.archivo, item.estado, item.motivo])).toEqual([
      ['grande.xml', 'rechazado', 'El XML supera el tamaño máximo de 10 MB.'],
      [SAMPLES.factura4.file, 'duplicado', 'Ya está en su archivo: se cargó antes.'],
    ]);
  });

  it('needs a receiver session and at least one part named files', async () => {
    const body = multipart([{ name: 'a.xml', bytes: strToU8('<a/>') }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/client/received',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const wrongField = multipart([{ name: 'a.xml', bytes: strToU8('<a/>') }], 'file');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/client/received',
      headers: { ...wrongField.headers, authorization: `Bearer ${token}` },
      payload: wrongField.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/'files'/);
  });
});

describe('where each document came from', () => {
  it('is in the list, the detail and exports, and filters the list', async () => {
    const all = await listed();
    const published = all.find((document) => document.correlativo === '3')!;
    const uploaded = all.find(
      (document) => document.correlativo === '1' && document.tipo === '07',
    )!;
    expect(published.origen).toBe('emisor');
    expect(uploaded.origen).toBe('carga');
    // The differing copy uploaded above is noted on the copy kept.
    expect(published.copia_distinta).toBe(true);
    expect(uploaded.copia_distinta).toBe(false);

    const info = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${uploaded.id}/resource/info`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.json()).toMatchObject({ id: uploaded.id, origen: 'carga' });

    const byOrigin = async (origen: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/client/documents?limit=500&origen=${origen}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<DocumentPage>().items;
    };
    expect((await byOrigin('carga')).map((document) => document.id)).toContain(uploaded.id);
    expect((await byOrigin('carga')).every((document) => document.origen === 'carga')).toBe(true);
    expect((await byOrigin('emisor')).map((document) => document.id)).toEqual([published.id]);
    expect(await byOrigin('correo')).toEqual([]);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/client/documents?origen=fax',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toMatch(/Origen desconocido/);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/client/documents/export?format=csv&origen=carga',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header!.split(',').at(-1)).toBe('Origen');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.endsWith(',Cargado por usted'))).toBe(true);
  });
});

describe('whose a received copy is', () => {
  it('is never shown to another receiver, the consultation, or the issuer’s list', async () => {
    const [mine] = await upload([await sample('factura4')]);
    const id = mine!.id!;
    const other = await storedReceiverToken(t, OTHER_RECEIVER);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${id}/resource/xml`,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await listed(other)).map((document) => document.id)).not.toContain(id);

    const consultation = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: proofOf(SAMPLES.factura4),
    });
    expect(consultation.statusCode).toBe(404);

    const issuer = await issuerToken(t, ISSUER);
    const issued = await t.app.inject({
      method: 'GET',
      url: '/api/company/documents?start=2024-11-01&end=2024-11-30',
      headers: { authorization: `Bearer ${issuer}` },
    });
    expect(issued.statusCode).toBe(200);
    expect(issued.json<{ id: number }[]>().map((document) => document.id)).not.toContain(id);
  });

  it('is its owner’s whatever issuers the account was granted', async () => {
    const bare = await bareReceiverToken('20131312955');
    const document = await fixture(SAMPLES.factura4.file);
    const addressed = Buffer.from(
      document.toString('latin1').replaceAll(RECEIVER, '20131312955'),
      'latin1',
    );
    const [outcome] = await upload([{ name: 'F001-4.xml', bytes: addressed }], bare);
    expect(outcome).toMatchObject({ estado: 'agregado' });
    expect((await listed(bare)).map((row) => row.id)).toEqual([outcome!.id]);
    const issuers = await t.app.inject({
      method: 'GET',
      url: '/api/client/companies',
      headers: { authorization: `Bearer ${bare}` },
    });
    expect(issuers.json()).toEqual([{ ruc: ISSUER, nombre: 'GASPERSOFT EIRL' }]);
  });

  it('gives way to the same document once its issuer publishes it: one row in the list', async () => {
    const issuer = await issuerToken(t, ISSUER);
    const uploaded = (await listed()).filter((document) => document.correlativo === '4');
    expect(uploaded).toHaveLength(1);
    const published = await publishSample(t, issuer, SAMPLES.factura4);
    expect(published.statusCode, published.body).toBe(200);
    const rows = (await listed()).filter((document) => document.correlativo === '4');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(uploaded[0]!.id);
    const issued = await t.app.inject({
      method: 'GET',
      url: '/api/company/documents?start=2024-11-01&end=2024-11-30',
      headers: { authorization: `Bearer ${issuer}` },
    });
    expect(issued.json<{ id: number }[]>().map((document) => document.id)).toContain(rows[0]!.id);
  });
});
