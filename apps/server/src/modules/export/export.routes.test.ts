import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';

const RECEIVER = '20415932376';
const OTHER_RECEIVER = SAMPLES.creditNoteWithCdr.cliente;
const SENT_PDF = Buffer.from('%PDF-1.4\n% enviado por el emisor\n%%EOF\n');
const EXPORT = '/api/client/documents/export';

describe('exporting a receiver’s documents', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { EXPORTS_PER_HOUR: '1000' } });
    const gasper = await issuerToken(t, '20606433094', 'GASPER SOFT S.A.C.');
    expect((await publishSample(t, gasper, SAMPLES.factura3, SENT_PDF)).statusCode).toBe(200);
    for (const sample of [SAMPLES.factura4, SAMPLES.notaCredito1, SAMPLES.boleta1]) {
      expect((await publishSample(t, gasper, sample)).statusCode).toBe(200);
    }
    const voided = await t.app.inject({
      method: 'PATCH',
      url: '/api/company/documents',
      headers: { authorization: `Bearer ${gasper}` },
      payload: { tipo: '01', serie: 'F001', correlativo: '4' },
    });
    expect(voided.statusCode).toBe(200);

    const efact = await issuerToken(t, '20000000001', 'EFACT');
    expect((await publishSample(t, efact, SAMPLES.creditNoteWithCdr)).statusCode).toBe(200);
    const other = await issuerToken(t, '20600995805');
    expect((await publishSample(t, other, SAMPLES.debitNoteInvalidRucCustomer)).statusCode).toBe(
      200,
    );

    token = await storedReceiverToken(t, RECEIVER);
    otherToken = await storedReceiverToken(t, OTHER_RECEIVER);
  });
  afterAll(() => t.close());

  const get = (url: string, bearer = token) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });

  async function zipOf(url: string, bearer = token): Promise<JSZip> {
    const response = await get(url, bearer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    return JSZip.loadAsync(response.rawPayload);
  }

  describe('as a ZIP', () => {
    it('holds each document’s XML as published, its PDF and the summary, named by the period', async () => {
      const response = await get(`${EXPORT}?format=zip&start=2024-11-01&end=2024-11-30`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="comprobantes-${RECEIVER}-2024-11.zip"`,
      );
      expect(response.headers['x-export-count']).toBe('3');
      const zip = await JSZip.loadAsync(response.rawPayload);
      expect(
        Object.keys(zip.files)
          .filter((name) => !name.endsWith('/'))
          .sort(),
      ).toEqual([
        '20606433094/20606433094-01-F001-3.pdf',
        '20606433094/20606433094-01-F001-3.xml',
        '20606433094/20606433094-01-F001-4.pdf',
        '20606433094/20606433094-01-F001-4.xml',
        '20606433094/20606433094-07-F001-1.pdf',
        '20606433094/20606433094-07-F001-1.xml',
        'resumen.csv',
      ]);
      const file = (name: string) => zip.file(name)!.async('nodebuffer');
      expect(await file('20606433094/20606433094-01-F001-3.xml')).toEqual(
        await fixture(SAMPLES.factura3.file),
      );
      expect(await file('20606433094/20606433094-01-F001-4.xml')).toEqual(
        await fixture(SAMPLES.factura4.file),
      );
      expect(await file('20606433094/20606433094-01-F001-3.pdf')).toEqual(SENT_PDF);
      // The issuer sent no PDF for these: SUFEL rendered them.
      expect((await file('20606433094/20606433094-01-F001-4.pdf')).subarray(0, 5).toString()).toBe(
        '%PDF-',
      );
      const summary = await file('resumen.csv');
      const csv = await get(`${EXPORT}?format=csv&start=2024-11-01&end=2024-11-30`);
      expect(summary).toEqual(csv.rawPayload);
    });

    it('adds the CDR as SUNAT sent it, in a folder per issuer', async () => {
      const zip = await zipOf(`${EXPORT}?format=zip`, otherToken);
      const names = Object.keys(zip.files).filter((name) => !name.endsWith('/'));
      expect(names.sort()).toEqual([
        '20000000001/20000000001-07-F001-1.pdf',
        '20000000001/20000000001-07-F001-1.xml',
        '20000000001/R-20000000001-07-F001-1.xml',
        'resumen.csv',
      ]);
      expect(
        await zip.file('20000000001/R-20000000001-07-F001-1.xml')!.async('nodebuffer'),
      ).toEqual(await fixture(SAMPLES.creditNoteWithCdr.cdr));
    });

    it('never holds another receiver’s documents, and is empty when nothing matches', async () => {
      const zip = await zipOf(`${EXPORT}?format=zip`);
      const names = Object.keys(zip.files);
      expect(names.some((name) => name.includes('B001-1'))).toBe(false);
      expect(
        names.some((name) => name.startsWith('20100454523') || name.startsWith('20600995805')),
      ).toBe(false);
      const empty = await zipOf(`${EXPORT}?format=zip&start=2030-01-01&end=2030-01-31`);
      expect(Object.keys(empty.files)).toEqual(['resumen.csv']);
    });
  });

  describe('of a selection', () => {
    const idsOf = async () =>
      (
        await sql<{ id: number; numero: number }>`
          select id, numero from documents where cliente_doc = ${RECEIVER} order by numero`.execute(
          t.database.db,
        )
      ).rows;

    it('holds only the chosen documents, named as a selection', async () => {
      const rows = await idsOf();
      const chosen = rows
        .filter((row) => row.numero === 3 || row.numero === 1)
        .map((row) => row.id);
      const response = await get(`${EXPORT}?format=zip&ids=${chosen.join(',')},${chosen[0]}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="comprobantes-${RECEIVER}-seleccion.zip"`,
      );
      expect(response.headers['x-export-count']).toBe('2');
      const zip = await JSZip.loadAsync(response.rawPayload);
      expect(
        Object.keys(zip.files)
          .filter((name) => !name.endsWith('/'))
          .sort(),
      ).toEqual([
        '20606433094/20606433094-01-F001-3.pdf',
        '20606433094/20606433094-01-F001-3.xml',
        '20606433094/20606433094-07-F001-1.pdf',
        '20606433094/20606433094-07-F001-1.xml',
        'resumen.csv',
      ]);
    });

    it('leaves out documents of another receiver, even when chosen by id', async () => {
      const mine = (await idsOf()).map((row) => row.id);
      const zip = await zipOf(`${EXPORT}?format=zip&ids=${mine.join(',')}`, otherToken);
      expect(Object.keys(zip.files)).toEqual(['resumen.csv']);
    });

    it('refuses more than a selection may hold, or ids that are not numbers, in Spanish', async () => {
      const many = Array.from({ length: 101 }, (_, index) => index + 1).join(',');
      const tooMany = await get(`${EXPORT}?format=zip&ids=${many}`);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json<{ message: string }>().message).toContain(
        'Seleccione como máximo 100 comprobantes para descargarlos juntos.',
      );
      for (const ids of ['abc', '1,,2', '0']) {
        const odd = await get(`${EXPORT}?format=zip&ids=${ids}`);
        expect(odd.statusCode, ids).toBe(400);
        expect(odd.json<{ message: string }>().message, ids).toMatch(/comprobantes|identificador/i);
      }
    });
  });

  describe('as CSV', () => {
    it('writes UTF-8 with a BOM, one row per document, newest first, amounts as stored', async () => {
      const response = await get(`${EXPORT}?format=csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="comprobantes-${RECEIVER}-todo.csv"`,
      );
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(header).toBe(
        'Fecha de emisión,Fecha de vencimiento,Tipo,Tipo de comprobante,Serie,Número,RUC del emisor,' +
          'Razón social del emisor,Moneda,Base imponible,Exonerado,Inafecto,Valor gratuito,IGV,ISC,' +
          'ICBPER,Otros tributos y cargos,Descuentos,Importe total,Forma de pago,Cuotas,Detracción,' +
          'Código de detracción,% de detracción,Detracción (S/),Cuenta de detracciones,Percepción,' +
          'Retención de IGV,Tipo doc. referencia,' +
          'Serie doc. referencia,Número doc. referencia,Motivo,Estado,Firma,Código CDR,' +
          'Estado en SUNAT,Estado del RUC emisor,Condición de domicilio,Avisos SUNAT,' +
          'Observaciones SUNAT,Consultado en SUNAT,Origen',
      );
      expect(rows).toHaveLength(3);
      const [factura4, nota, factura3] = rows.map((row) => row.split(','));
      expect(factura4!.slice(0, 6)).toEqual(['2024-11-26', '', '01', 'Factura', 'F001', '4']);
      expect(factura4!.slice(9, 19)).toEqual([
        '348199.15',
        '13000.00',
        '0.00',
        '150.00',
        '62675.85',
        '0.00',
        '0.00',
        '0.00',
        '650.00',
        '423225.00',
      ]);
      expect(factura4!.slice(-10, -7)).toEqual(['Anulado', 'Válida', '']);
      expect(nota!.slice(0, 6)).toEqual([
        '2024-11-25',
        '2024-12-19',
        '07',
        'Nota de Crédito',
        'F001',
        '1',
      ]);
      expect(nota!.slice(28, -7)).toEqual([
        '01',
        'F001',
        '1',
        'AMPLIACION DE LA FECHA DE PAGO',
        'Sin constancia de SUNAT',
        'Válida',
        '',
      ]);
      expect(factura3!.slice(9, 19)).toEqual([
        '1000.00',
        '0.00',
        '0.00',
        '0.00',
        '180.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '1180.00',
      ]);
    });

    it('gives the CDR code and the referenced document of a note', async () => {
      const response = await get(`${EXPORT}?format=csv`, otherToken);
      const [, row] = response.body.trimEnd().split('\r\n');
      expect(row!.split(',').slice(0, 6)).toEqual([
        '2018-01-26',
        '',
        '07',
        'Nota de Crédito',
        'F001',
        '1',
      ]);
      // The last six before the origin are SUNAT's state now, empty until a check.
      expect(row!.split(',').slice(-14, -1)).toEqual([
        '01',
        '1',
        '201',
        'ANULACÍON DE LA OPERACIÓN',
        // The credit note's CDR is SUNAT's answer to the factura F001-1.
        'Constancia de SUNAT de otro comprobante',
        'Sin firma',
        '0',
        ...Array.from({ length: 6 }, () => ''),
      ]);
    });

    it('applies every filter of the list', async () => {
      const rowsOf = async (query: string) =>
        (await get(`${EXPORT}?format=csv&${query}`)).body.trimEnd().split('\r\n').slice(1);
      expect(await rowsOf('tipoDoc=07')).toHaveLength(1);
      expect(await rowsOf('serie=f001&correlativo=00000003')).toHaveLength(1);
      expect(await rowsOf('start=2024-11-26&end=2024-11-26')).toHaveLength(1);
      expect(await rowsOf('emisor=20600995805')).toHaveLength(0);
      expect(await rowsOf('correlativo=0')).toHaveLength(0);
    });
  });

  describe('as XLSX', () => {
    it('has real dates and numbers, a frozen header, an autofilter and widths', async () => {
      const response = await get(`${EXPORT}?format=xlsx&start=2024-11-01&end=2024-11-30`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="comprobantes-${RECEIVER}-2024-11.xlsx"`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(response.rawPayload).buffer);
      const sheet = workbook.getWorksheet('Comprobantes')!;
      expect(sheet.rowCount).toBe(4);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      expect(sheet.getColumn(8).width).toBe(40);
      expect(sheet.getRow(1).getCell(14).value).toBe('IGV');
      const factura4 = sheet.getRow(2);
      expect(factura4.getCell(1).value).toEqual(new Date('2024-11-26T00:00:00Z'));
      expect(factura4.getCell(1).numFmt).toBe('dd/mm/yyyy');
      expect(factura4.getCell(6).value).toBe(4);
      expect(factura4.getCell(10).value).toBe(348199.15);
      expect(factura4.getCell(14).value).toBe(62675.85);
      expect(factura4.getCell(19).value).toBe(423225);
      expect(factura4.getCell(20).value).toBe('Contado');
      expect(factura4.getCell(22).value).toBe('No');
      expect(factura4.getCell(33).value).toBe('Anulado');
      const nota = sheet.getRow(3);
      expect(nota.getCell(2).value).toEqual(new Date('2024-12-19T00:00:00Z'));
      expect(nota.getCell(30).value).toBe('F001');
      const factura3 = sheet.getRow(4);
      expect(factura3.getCell(22).value).toBe('Sí');
      expect(factura3.getCell(25).value).toBe(123);
      expect(factura3.getCell(26).value).toBe('00-045-091619');
      expect(factura3.getCell(33).value).toBe('Sin constancia de SUNAT');
      expect(factura3.getCell(34).value).toBe('Válida');
    });
  });

  describe('count and limits', () => {
    it('counts what an export would hold', async () => {
      const count = await get(`${EXPORT}/count?start=2024-11-26&end=2024-11-30`);
      const limits = { zip: 10_000, xlsx: 1_048_575, csv: null };
      expect(count.json()).toEqual({ count: 1, limit: 10_000, limits });
      expect((await get(`${EXPORT}/count`, otherToken)).json()).toEqual({
        count: 1,
        limit: 10_000,
        limits,
      });
    });

    it('answers HEAD with the headers of the export and no body', async () => {
      const head = await t.app.inject({
        method: 'HEAD',
        url: `${EXPORT}?format=xlsx&tipoDoc=01`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['x-export-count']).toBe('2');
      expect(head.headers['content-disposition']).toBe(
        `attachment; filename="comprobantes-${RECEIVER}-todo.xlsx"`,
      );
      expect(head.rawPayload).toHaveLength(0);
    });

    it('answers bad input with a Spanish message and a 4xx', async () => {
      const unknown = await get(`${EXPORT}?format=pdf`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        message: 'Formato de exportación desconocido: use zip, csv o xlsx. (campo: format)',
      });
      const inverted = await get(`${EXPORT}?format=csv&start=2024-12-01&end=2024-11-01`);
      expect(inverted.statusCode).toBe(400);
      expect(inverted.json()).toMatchObject({
        message: 'La fecha de inicio es posterior a la fecha de fin.',
      });
      expect((await get(`${EXPORT}/count?start=2024-12-01&end=2024-11-01`)).statusCode).toBe(400);
      const anonymous = await t.app.inject({ method: 'GET', url: `${EXPORT}?format=csv` });
      expect(anonymous.statusCode).toBe(401);
      const consult = await t.app.inject({
        method: 'POST',
        url: '/api/document/auth',
        payload: {
          emisor: SAMPLES.factura3.emisor,
          tipo: SAMPLES.factura3.tipo,
          documento: SAMPLES.factura3.documento,
          fecha: SAMPLES.factura3.fecha,
          total: SAMPLES.factura3.total,
        },
      });
      const documentToken = consult.json<{ token: string }>().token;
      const wrongScope = await get(`${EXPORT}?format=csv`, documentToken);
      expect(wrongScope.statusCode).toBeGreaterThanOrEqual(400);
      expect(wrongScope.statusCode).toBeLessThan(500);
      expect(wrongScope.json<{ message: string }>().message).toMatch(/[a-záéíóú]/);
    });

    it('refuses a ZIP of more than 10 000 documents, and streams the purchase list of any number', async () => {
      await sql`insert into documents (emisor, emisor_nombre, tipo, serie, numero, fecha, total,
          moneda, cliente_tipo, cliente_doc, cliente_nombre, xml_hash)
        select emisor, emisor_nombre, tipo, 'F999', n, fecha, total, moneda, cliente_tipo,
          cliente_doc, cliente_nombre, xml_hash
        from documents, generate_series(1, 9998) as n
        where emisor = '20606433094' and serie = 'F001' and numero = 3`.execute(t.database.db);
      const limits = { zip: 10_000, xlsx: 1_048_575, csv: null };
      expect((await get(`${EXPORT}/count`)).json()).toEqual({
        count: 10_001,
        limit: 10_000,
        limits,
      });
      const tooMany = await get(`${EXPORT}?format=zip`);
      expect(tooMany.statusCode).toBe(400);
      const headTooMany = await t.app.inject({
        method: 'HEAD',
        url: `${EXPORT}?format=zip`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(headTooMany.statusCode).toBe(400);
      expect(tooMany.json()).toMatchObject({
        message:
          'La exportación tendría 10 001 comprobantes y el máximo en ZIP es 10 000. Acote el rango de fechas, o exporte la lista en Excel o CSV, que no llevan los archivos.',
      });
      const csv = await get(`${EXPORT}?format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['x-export-count']).toBe('10001');
      expect(csv.body.trimEnd().split('\r\n')).toHaveLength(10_002);
      const xlsx = await get(`${EXPORT}?format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(new Uint8Array(xlsx.rawPayload).buffer);
      expect(workbook.getWorksheet('Comprobantes')!.actualRowCount).toBe(10_002);
      const narrowed = await get(`${EXPORT}/count?start=2024-11-26`);
      expect(narrowed.json()).toEqual({ count: 1, limit: 10_000, limits });
      expect((await get(`${EXPORT}?format=zip&start=2024-11-26`)).statusCode).toBe(200);
    });
  });
});
