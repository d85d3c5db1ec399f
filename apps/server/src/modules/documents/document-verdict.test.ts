import {
  SUNAT_VALIDITY_CHECK_HINT,
  SUNAT_VALIDITY_CHECK_URL,
  type DocumentDto,
  type DocumentPage,
  type PublishResponse,
} from '@sufel/contract';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken } from '../../../test/helpers/issuers.js';
import { readPdfText } from '../../../test/helpers/read-pdf-text.js';
import { RECEIVER, storedReceiverToken } from '../../../test/helpers/receivers.js';
import {
  startSmtpHarness,
  type CapturedMail,
  type SmtpHarness,
} from '../../../test/helpers/smtp-harness.js';

const ISSUER = SAMPLES.factura3.emisor;
const EXPORT = '/api/client/documents/export?format';

/**
 * An OSE's CDR (the one the demo credit note used to carry) rewritten to answer
 * for `documentId` of type `type` sent by the issuer of the samples.
 */
async function cdrFor(documentId: string, type: string): Promise<string> {
  const text = (await fixture('efact_cdr1.xml'))
    .toString('utf8')
    .replaceAll('20000000001', ISSUER)
    .replaceAll('F001-1', documentId)
    .replace('<DocumentTypeCode>01<', `<DocumentTypeCode>${type}<`);
  return Buffer.from(text).toString('base64');
}

describe('one verdict per document, in words, everywhere', () => {
  let smtp: SmtpHarness;
  let t: TestApp;
  let issuer: string;
  let receiver: string;
  const ids: Record<'untouched' | 'altered' | 'otherCdr', number> = {
    untouched: 0,
    altered: 0,
    otherCdr: 0,
  };

  const publish = async (xml: Buffer, cdr = '') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/company/documents',
      headers: { authorization: `Bearer ${issuer}` },
      payload: { xml: xml.toString('base64'), pdf: '', cdr },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PublishResponse>().id;
  };
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${receiver}` } });
  const mailAbout = (number: string) => (mail: CapturedMail) =>
    mail.subject.includes(number) && mail.to.includes('conta@cliente.test');

  beforeAll(async () => {
    smtp = await startSmtpHarness();
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://portal.sufel.test',
        MAIL_FROM: 'avisos@sufel.test',
        EXPORTS_PER_HOUR: '1000',
      },
      mailWorkerOptions: { pollMs: 200 },
    });
    receiver = await storedReceiverToken(t, RECEIVER);
    await t.database.db
      .insertInto('client_emails')
      .values({
        cliente_doc: RECEIVER,
        address: 'conta@cliente.test',
        language: 'es',
        confirmed_at: t.clock.now,
      })
      .execute();
    const notices = await t.app.inject({
      method: 'PATCH',
      url: '/api/client/notices',
      headers: { authorization: `Bearer ${receiver}` },
      payload: { mode: 'each' },
    });
    expect(notices.statusCode, notices.body).toBe(200);
    issuer = await issuerToken(t, ISSUER, 'GASPERSOFT EIRL');

    ids.untouched = await publish(await fixture(SAMPLES.factura3.file));
    // Altered after signing: the total a receiver would book is not the one signed.
    const altered = (await fixture(SAMPLES.factura4.file))
      .toString('latin1')
      .replace(
        '<cbc:PayableAmount currencyID="PEN">423225.00<',
        '<cbc:PayableAmount currencyID="PEN">1234567.89<',
      );
    ids.altered = await publish(Buffer.from(altered, 'latin1'));
    // SUNAT's answer to the factura F001-1, sent with the credit note F001-1.
    ids.otherCdr = await publish(
      await fixture(SAMPLES.notaCredito1.file),
      await cdrFor('F001-1', '01'),
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('judges each document in its list row and in its info', async () => {
    const page = (
      await get('/api/client/documents?start=2024-11-01&end=2024-11-30')
    ).json<DocumentPage>();
    const verdicts = Object.fromEntries(page.items.map((doc) => [doc.id, doc.estado]));
    expect(verdicts).toEqual({
      [ids.untouched]: 'sin_cdr',
      [ids.altered]: 'xml_alterado',
      [ids.otherCdr]: 'cdr_de_otro',
    });
    const info = (
      await get(`/api/client/documents/${ids.otherCdr}/resource/info`)
    ).json<DocumentDto>();
    // The old fields keep their meaning: a CDR is there, whatever it says.
    expect(info).toMatchObject({ estado: 'cdr_de_otro', cdr: true, baja: false });
    const altered = (
      await get(`/api/client/documents/${ids.altered}/resource/info`)
    ).json<DocumentDto>();
    expect(altered).toMatchObject({ estado: 'xml_alterado', total: 1234567.89 });
  });

  it('writes the verdict and the signature in CSV, XLSX and the ZIP’s summary', async () => {
    const csv = await get(`${EXPORT}=csv&start=2024-11-01&end=2024-11-30`);
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const columns = header!.split(',');
    const estado = columns.indexOf('Estado');
    expect(columns[estado + 1]).toBe('Firma');
    const byNumber = Object.fromEntries(
      rows
        .map((row) => row.split(','))
        .map((cells) => [`${cells[4]}-${cells[5]}-${cells[2]}`, cells]),
    );
    expect(byNumber['F001-4-01']!.slice(estado, estado + 2)).toEqual([
      'XML alterado: no use estos importes',
      'No válida: XML alterado',
    ]);
    expect(byNumber['F001-4-01']![columns.indexOf('Importe total')]).toBe('1234567.89');
    expect(byNumber['F001-1-07']!.slice(estado, estado + 2)).toEqual([
      'Constancia de SUNAT de otro comprobante',
      'Válida',
    ]);
    expect(byNumber['F001-3-01']!.slice(estado, estado + 2)).toEqual([
      'Sin constancia de SUNAT',
      'Válida',
    ]);
    expect(csv.body).not.toContain('vigente');

    const xlsx = await get(`${EXPORT}=xlsx&start=2024-11-01&end=2024-11-30`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Comprobantes')!;
    const sheetRows = [2, 3, 4].map((n) => sheet.getRow(n));
    const altered = sheetRows.find((row) => row.getCell(6).value === 4)!;
    expect(sheet.getRow(1).getCell(estado + 1).value).toBe('Estado');
    expect(sheet.getRow(1).getCell(estado + 2).value).toBe('Firma');
    expect(altered.getCell(estado + 1).value).toBe('XML alterado: no use estos importes');
    expect(altered.getCell(estado + 2).value).toBe('No válida: XML alterado');

    const zip = await JSZip.loadAsync(
      (await get(`${EXPORT}=zip&start=2024-11-01&end=2024-11-30`)).rawPayload,
    );
    expect(await zip.file('resumen.csv')!.async('nodebuffer')).toEqual(csv.rawPayload);
  });

  it('tells the verdict in the notice mail, with SUNAT’s check where no constancia vouches', async () => {
    const altered = await smtp.waitForMail(mailAbout('F001-4'));
    expect(altered.text).toContain('Total: S/ 1,234,567.89');
    expect(altered.text).toContain('Estado: XML alterado: no use estos importes');
    const otherCdr = await smtp.waitForMail(mailAbout('Nota de Crédito F001-1'));
    expect(otherCdr.text).toContain('Estado: Constancia de SUNAT de otro comprobante');
    expect(otherCdr.text).toContain(SUNAT_VALIDITY_CHECK_URL);
    const untouched = await smtp.waitForMail(mailAbout('F001-3'));
    expect(untouched.text).toContain('Estado: Sin constancia de SUNAT');
    expect(untouched.text).toContain(SUNAT_VALIDITY_CHECK_HINT);
    expect(untouched.text).toContain(SUNAT_VALIDITY_CHECK_URL);
    expect(altered.text).not.toContain(SUNAT_VALIDITY_CHECK_URL);
  });

  it('prints the verdict in the footer of the PDF SUFEL renders, again once a CDR arrives', async () => {
    const printed = async (id: number) =>
      (await readPdfText((await get(`/api/client/documents/${id}/resource/pdf`)).rawPayload)).text;
    expect(await printed(ids.otherCdr)).toContain(
      'Estado: Constancia de SUNAT de otro comprobante',
    );
    expect(await printed(ids.altered)).toContain('Estado: XML alterado: no use estos importes');
    expect(await printed(ids.untouched)).toContain('Estado: Sin constancia de SUNAT');
    // The issuer sends SUNAT's answer to F001-3 later: the kept PDF no longer tells the truth.
    await publish(await fixture(SAMPLES.factura3.file), await cdrFor('F001-3', '01'));
    expect(await printed(ids.untouched)).toContain('Estado: Aceptado por SUNAT');
    await sql`update documents set cdr_hash = null, cdr_codigo = null, cdr_respuesta = null
      where id = ${ids.untouched}`.execute(t.database.db);
  });

  it('voids a document SUNAT has as ANULADO, beside its warning', async () => {
    await t.database.db
      .insertInto('document_validity')
      .values({
        document_id: ids.untouched,
        estado_cp: '2',
        estado_ruc: '00',
        cond_domi_ruc: '00',
        observaciones: '[]',
        checked_at: t.clock.now,
      })
      .execute();
    const info = (
      await get(`/api/client/documents/${ids.untouched}/resource/info`)
    ).json<DocumentDto>();
    expect(info).toMatchObject({ estado: 'anulado', baja: false, avisos_sunat: ['anulado'] });
    const csv = await get(`${EXPORT}=csv&tipoDoc=01&serie=F001&correlativo=3`);
    expect(csv.body).toContain(',Anulado,Válida,');
    await t.database.db
      .deleteFrom('document_validity')
      .where('document_id', '=', ids.untouched)
      .execute();
  });

  it('shows the issuer SUNAT’s acceptance when the CDR answers for the very document', async () => {
    const boleta = await publish(
      await fixture(SAMPLES.boleta1.file),
      await cdrFor(SAMPLES.boleta1.documento, SAMPLES.boleta1.tipo),
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/company/documents?start=${SAMPLES.boleta1.fecha}&end=${SAMPLES.boleta1.fecha}`,
      headers: { authorization: `Bearer ${issuer}` },
    });
    expect(listed.json<DocumentDto[]>().find((doc) => doc.id === boleta)?.estado).toBe('aceptado');
  });

  it('reads again what each stored CDR says, in the backfill', async () => {
    const stored = () =>
      t.database.db.selectFrom('documents').select(['id', 'cdr_respuesta']).orderBy('id').execute();
    const before = await stored();
    expect(before.map((row) => row.cdr_respuesta)).toEqual([null, null, 'de_otro', 'aceptado']);
    await sql`update documents set cdr_respuesta = null`.execute(t.database.db);
    expect(await t.services.cdrBackfill.pending()).toBe(2);
    expect(await t.services.cdrBackfill.run()).toEqual({ read: 2, failed: [] });
    expect(await stored()).toEqual(before);
  });
});
