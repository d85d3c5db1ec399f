import type { MissingXml, Reconciliation, ReconciliationItemsPage } from '@sufel/contract';
import { PROPOSAL_HEADER } from '@sufel/sire';
import {
  proposalFile,
  proposalFileName,
  zipProposal,
  type ProposalFileOptions,
} from '@sufel/sire/testing';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { multipartFile } from '../../../test/helpers/multipart.js';
import {
  PLANTED_COUNTS,
  PLANTED_ERROR_LINE,
  PLANTED_PERIOD,
  plantProposalCase,
  SUPPLIER_A,
  type PlantedCase,
} from '../../../test/helpers/planted-proposal.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import { carOfDocument } from '../documents/document-car.js';

const RECEIVERS = { txt: SAMPLES.factura4.cliente, csv: '20100070970', zip: '20587896411' };

describe('reconciliation of a SIRE proposal', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const cases: Record<string, PlantedCase> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.now = new Date('2025-01-15T15:00:00Z');
    let base = 1000;
    for (const [format, receiver] of Object.entries(RECEIVERS)) {
      tokens[format] = await storedReceiverToken(t, receiver);
      cases[format] = await plantProposalCase(t.database.db, receiver, base);
      base += 1000;
    }
    // A real fixture document of the TXT receiver, read from its XML at publish.
    const issuer = await issuerToken(t, SAMPLES.factura4.emisor);
    expect((await publishSample(t, issuer, SAMPLES.factura4)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const upload = (format: string, bytes: Uint8Array, name: string, field = 'file') => {
    const body = multipartFile(bytes, name, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/client/reconciliations',
      headers: { ...body.headers, authorization: `Bearer ${tokens[format]}` },
      payload: body.payload,
    });
  };
  const get = <T>(format: string, url: string) =>
    t.app
      .inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[format]}` } })
      .then((response) => {
        expect(response.statusCode, response.body).toBe(200);
        return response.json<T>();
      });
  const group = async (format: string, id: number, grupo: string) =>
    (
      await get<ReconciliationItemsPage>(
        format,
        `/api/client/reconciliations/${id}/items?grupo=${grupo}`,
      )
    ).items;

  const publishedId = async (emisor: string, numero: number) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('emisor', '=', emisor)
        .where('numero', '=', numero)
        .executeTakeFirstOrThrow()
    ).id;

  const factura4Row = {
    receiverRuc: SAMPLES.factura4.cliente,
    period: PLANTED_PERIOD,
    supplierRuc: SAMPLES.factura4.emisor,
    supplierName: 'GASPER CORPORATION',
    series: 'F001',
    number: 4,
    issueDate: SAMPLES.factura4.fecha,
    baseDg: '348199.15',
    igvDg: '62675.85',
    nonTaxed: '13000.00',
    total: SAMPLES.factura4.total,
  };

  const files: [string, ProposalFileOptions, (bytes: Uint8Array) => [Uint8Array, string]][] = [
    ['txt', { format: 'txt' }, (bytes) => [bytes, '20415932376-20250115-1000.txt']],
    ['csv', { format: 'csv' }, (bytes) => [bytes, 'propuesta.csv']],
    [
      'zip',
      { format: 'csv', bom: true },
      (bytes) => {
        const name = proposalFileName(RECEIVERS.zip, new Date('2025-01-12T18:05:00Z'), 'csv');
        return [zipProposal(name, bytes), name.replace('.csv', '.zip')];
      },
    ],
  ];

  for (const [format, options, wrap] of files) {
    it(`groups every planted row of a ${format.toUpperCase()} proposal, and lists what SUNAT did not propose`, async () => {
      const planted = cases[format]!;
      const rows = format === 'txt' ? [...planted.rows, factura4Row] : planted.rows;
      const [bytes, name] = wrap(proposalFile(rows, options));
      const response = await upload(format, bytes, name);
      expect(response.statusCode, response.body).toBe(200);
      const reconciliation = response.json<Reconciliation>();
      expect(reconciliation).toMatchObject({
        periodo: PLANTED_PERIOD,
        estado: 'listo',
        origen: 'archivo',
        archivo: name,
        filas: rows.length,
        procesadas: rows.length - 1,
        filasConError: 1,
        resumen: {
          ...PLANTED_COUNTS,
          conciliado: PLANTED_COUNTS.conciliado + (format === 'txt' ? 1 : 0),
        },
      });
      expect(reconciliation.errores.map((error) => error.linea)).toEqual([PLANTED_ERROR_LINE]);
      expect(reconciliation.errores[0]!.mensaje).toMatch(/^Línea 13 .*'BI Gravado DG' '12,50'/);
      const id = reconciliation.id;
      expect(await get(format, `/api/client/reconciliations/${id}`)).toEqual(reconciliation);

      const { ids } = planted;
      const docIds = async (grupo: string) =>
        (await group(format, id, grupo)).map((item) => item.documentId);
      const factura4 = format === 'txt' ? [await publishedId(SAMPLES.factura4.emisor, 4)] : [];
      expect(await docIds('conciliado')).toEqual([
        ids.conciliado,
        ids.notaCredito,
        ids.dolares,
        ...factura4,
      ]);
      expect(await docIds('diferencia_menor')).toEqual([ids.menor]);
      expect(await docIds('importe_distinto')).toEqual([ids.distinto]);
      expect(await docIds('anulado')).toEqual([ids.baja, ids.anuladoSunat, null]);
      // The other receiver's document is not this account's: no XML here.
      expect(await docIds('sin_xml')).toEqual([null, null]);
      expect(await docIds('duplicado')).toEqual([ids.conciliado]);
      expect(await docIds('solo_en_sufel')).toEqual([
        ids.soloFactura,
        ids.soloNotaDebito,
        ids.creditoEnRiesgo,
      ]);
      expect(await docIds('credito_en_riesgo')).toEqual([ids.creditoEnRiesgo]);
      expect(await docIds('boleta')).toEqual([ids.boleta]);

      const [menor] = await group(format, id, 'diferencia_menor');
      expect(menor).toMatchObject({
        grupo: 'diferencia_menor',
        linea: 3,
        tipo: '01',
        serie: 'F001',
        emisor: SUPPLIER_A.ruc,
        emisor_nombre: SUPPLIER_A.name,
        fecha: '2024-12-04',
        moneda: 'PEN',
        total_sire: '500.40',
        total_sufel: '500.00',
      });
      expect(menor!.motivo).toContain('Total: SIRE 500.40, SUFEL 500.00 (diferencia 0.40)');
      const [distinto] = await group(format, id, 'importe_distinto');
      expect(distinto).toMatchObject({ total_sire: '1200.00', total_sufel: '1000.00' });
      const anulados = await group(format, id, 'anulado');
      expect(anulados.map((item) => item.motivo)).toEqual([
        'El emisor lo dio de baja en SUFEL: no debe registrarse.',
        'La consulta a SUNAT del 10/01/2025 lo informa ANULADO: no debe registrarse.',
        'SUNAT lo informa de baja (Est. Comp. 2): no debe registrarse.',
      ]);
      const [duplicate] = await group(format, id, 'duplicado');
      expect(duplicate!.motivo).toBe(
        'El CAR ya figura en la línea 2 de esta propuesta: se registra una sola vez.',
      );
      const sinXml = await group(format, id, 'sin_xml');
      expect(sinXml[0]).toMatchObject({
        emisor: '20100000022',
        emisor_nombre: "FERRETERÍA O'HIGGINS E.I.R.L.",
      });
      const [dolares] = (await group(format, id, 'conciliado')).filter(
        (item) => item.moneda === 'USD',
      );
      expect(dolares).toMatchObject({ fecha: '2024-03-15', total_sire: '100.00' });
    });
  }

  const ownReconciliation = async (format: string) => {
    const list = await get<Reconciliation[]>(format, '/api/client/reconciliations');
    return list.find((item) => item.periodo === PLANTED_PERIOD)!;
  };

  it('exports every group as a sheet of a workbook, and as one CSV', async () => {
    const { id } = await ownReconciliation('txt');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/client/reconciliations/${id}/export?format=xlsx`,
      headers: { authorization: `Bearer ${tokens.txt}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="conciliacion-sire-20415932376-202412.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(response.rawPayload).buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen',
      'Duplicados',
      'Anulados',
      'Sin XML',
      'Conciliados',
      'Diferencia menor',
      'Importe distinto',
      'Solo en SUFEL',
      'Crédito en riesgo',
      'Boletas (no se proponen)',
      'No leídas',
    ]);
    const menor = workbook.getWorksheet('Diferencia menor')!;
    expect(menor.rowCount).toBe(2);
    expect(menor.getRow(1).getCell(10).value).toBe('Total SIRE');
    expect(menor.getRow(2).getCell(10).value).toBe(500.4);
    expect(menor.getRow(2).getCell(13).value).toBe(500);
    expect(workbook.getWorksheet('Conciliados')!.rowCount).toBe(5);
    expect(workbook.getWorksheet('Solo en SUFEL')!.rowCount).toBe(4);
    const summary = workbook.getWorksheet('Resumen')!;
    expect(summary.getRow(3).values).toEqual([undefined, 'Duplicados', 1]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/client/reconciliations/${id}/export?format=csv`,
      headers: { authorization: `Bearer ${tokens.txt}` },
    });
    const lines = csv.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toMatch(/^\uFEFFGrupo,Línea,CAR,/);
    expect(lines).toHaveLength(1 + 12 + 3 + 1 + 1);
    expect(lines.filter((line) => line.startsWith('diferencia_menor,'))).toHaveLength(1);
  });

  it('lists the rows without XML by supplier, with a message asking for them', async () => {
    const { id } = await ownReconciliation('txt');
    const { proveedores } = await get<MissingXml>(
      'txt',
      `/api/client/reconciliations/${id}/missing-xml`,
    );
    expect(proveedores.map((supplier) => [supplier.ruc, supplier.documentos.length])).toEqual([
      [SUPPLIER_A.ruc, 1],
      ['20100000022', 1],
    ]);
    expect(proveedores[1]!.mensaje).toContain(
      'En la propuesta del Registro de Compras de SUNAT (SIRE) de 12/2024 figuran estos comprobantes',
    );
    expect(proveedores[1]!.mensaje).toContain('- Tipo 01 F003-1050 del 12/12/2024 por PEN 50.00');
  });

  it('writes the files SIRE takes back from chosen rows, numbered, and remembers them', async () => {
    const { id } = await ownReconciliation('txt');
    const { ids } = cases.txt!;
    const anulados = await group('txt', id, 'anulado');
    const sireFile = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/client/reconciliations/${id}/sire-file`,
        headers: { authorization: `Bearer ${tokens.txt}` },
        payload: body as Record<string, unknown>,
      });
    const exclusion = {
      archivo: 'inclusion',
      filas: anulados.map((item) => ({ car: item.car, accion: 'excluir' })),
    };
    const first = await sireFile(exclusion);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-disposition']).toBe(
      'attachment; filename="20415932376-RCEINEX-202412-01.txt"',
    );
    expect(first.headers['x-sire-rows']).toBe('3');
    expect(first.body.split('\r\n')[0]).toBe(`|||${anulados[0]!.car}${'|'.repeat(33)}1`);
    const second = await sireFile(exclusion);
    expect(second.headers['content-disposition']).toContain('RCEINEX-202412-02.txt');
    const excluded = await t.database.db
      .selectFrom('documents')
      .select('sire_excluido')
      .where('id', '=', ids.baja!)
      .executeTakeFirstOrThrow();
    expect(excluded.sire_excluido).toBe(PLANTED_PERIOD);

    const [nota] = (await group('txt', id, 'conciliado')).filter((item) => item.tipo === '07');
    const refused = await sireFile({
      archivo: 'inclusion',
      filas: [{ car: nota!.car, accion: 'excluir' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/SIRE no permite excluirla/);
    const unknown = await sireFile({
      archivo: 'inclusion',
      filas: [{ car: '2099999999901F0010000000001', accion: 'incluir' }],
    });
    expect(unknown.json<{ message: string }>().message).toBe(
      'Estas filas no están en la propuesta de esta conciliación: 2099999999901F0010000000001.',
    );

    const complement = await sireFile({
      archivo: 'complemento',
      documentos: [{ id: ids.soloFactura }, { id: ids.creditoEnRiesgo }],
    });
    expect(complement.statusCode, complement.body).toBe(200);
    expect(complement.headers['content-disposition']).toContain('20415932376-CP-202412-01.txt');
    const [line] = complement.body.split('\r\n');
    expect(line!.split('|').slice(0, 15)).toEqual([
      '20415932376',
      'CLIENTE 20415932376',
      '202412',
      '',
      '10/12/2024',
      '',
      '01',
      'F001',
      '',
      '1008',
      '',
      '6',
      SUPPLIER_A.ruc,
      SUPPLIER_A.name,
      '500.00',
    ]);
    const notComplementable = await sireFile({
      archivo: 'complemento',
      documentos: [{ id: ids.conciliado }],
    });
    expect(notComplementable.statusCode).toBe(400);
    const nowListed = await get<Reconciliation>('txt', `/api/client/reconciliations/${id}`);
    expect(nowListed.resumen).toMatchObject({ solo_en_sufel: 3, credito_en_riesgo: 0 });
    const [solo] = await group('txt', id, 'solo_en_sufel');
    expect(solo!.motivo).toBe(
      'SUNAT no lo propuso; se incluyó con el archivo de complemento de 12/2024.',
    );
  });

  it('zips the files of the documents matched to the proposal', async () => {
    const november = proposalFile([{ ...factura4Row, period: '202411' }], { format: 'txt' });
    const imported = (await upload('txt', november, 'noviembre.txt')).json<Reconciliation>();
    expect(imported.resumen.conciliado).toBe(1);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/client/reconciliations/${imported.id}/documents.zip`,
      headers: { authorization: `Bearer ${tokens.txt}` },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['x-export-count']).toBe('1');
    const names = Object.keys(unzipSync(zip.rawPayload));
    expect(names).toContain('20606433094/20606433094-01-F001-4.xml');
  });

  it('remembers the first period each document was proposed in', async () => {
    const { ids } = cases.txt!;
    const rows = await t.database.db
      .selectFrom('documents')
      .leftJoin('document_proposals', 'document_proposals.document_id', 'documents.id')
      .select(['documents.id', 'document_proposals.periodo'])
      .where('documents.id', 'in', [ids.conciliado!, ids.dolares!, ids.soloFactura!])
      .orderBy('documents.id')
      .execute();
    expect(rows.map((row) => row.periodo)).toEqual([PLANTED_PERIOD, PLANTED_PERIOD, null]);
  });

  it('updates the same reconciliation when the same file comes again, and pages by cursor', async () => {
    const planted = cases.csv!;
    const bytes = proposalFile(planted.rows, { format: 'csv' });
    const first = (await upload('csv', bytes, 'propuesta.csv')).json<Reconciliation>();
    expect(first.resumen).toMatchObject({ sin_xml: 2, conciliado: 3 });
    // The missing supplier's document arrived meanwhile.
    await t.database.db
      .insertInto('companies')
      .values({ ruc: '20100000022', nombre: 'FERRETERÍA', password_hash: 'x' })
      .onConflict((oc) => oc.column('ruc').doNothing())
      .execute();
    const key = { emisor: '20100000022', tipo: '01', serie: 'F003', numero: 2050 };
    await t.database.db
      .insertInto('documents')
      .values({
        ...key,
        car: carOfDocument(key),
        emisor_nombre: 'FERRETERÍA',
        fecha: '2024-12-12',
        total: '50.00',
        base_gravada: '42.37',
        igv: '7.63',
        importes_leidos: true,
        moneda: 'PEN',
        cliente_tipo: '6',
        cliente_doc: planted.receiver,
        cliente_nombre: 'CLIENTE',
        xml_hash: '0'.repeat(64),
      })
      .execute();
    const again = await upload('csv', bytes, 'propuesta-otra-vez.csv');
    expect(again.statusCode).toBe(200);
    expect(again.json<Reconciliation>()).toMatchObject({
      id: first.id,
      archivo: 'propuesta-otra-vez.csv',
      resumen: { sin_xml: 1, conciliado: 4 },
    });
    const list = await get<Reconciliation[]>('csv', '/api/client/reconciliations');
    expect(list.filter((item) => item.periodo === PLANTED_PERIOD)).toHaveLength(1);

    const page = await get<ReconciliationItemsPage>(
      'csv',
      `/api/client/reconciliations/${first.id}/items?grupo=conciliado&limit=2`,
    );
    expect(page.items.map((item) => item.linea)).toEqual([2, 7]);
    expect(page.nextCursor).toBe('7');
    const next = await get<ReconciliationItemsPage>(
      'csv',
      `/api/client/reconciliations/${first.id}/items?grupo=conciliado&limit=2&cursor=${page.nextCursor}`,
    );
    expect(next.items.map((item) => item.linea)).toEqual([8, 9]);
  });

  it('counts a CAR already in another proposal of the period as a duplicate', async () => {
    const planted = cases.zip!;
    const first = planted.rows[0]!;
    const other = proposalFile(
      [
        first,
        {
          receiverRuc: planted.receiver,
          period: PLANTED_PERIOD,
          supplierRuc: '20100000022',
          supplierName: 'OTRO',
          series: 'F009',
          number: 1,
          issueDate: '2024-12-20',
          total: '10.00',
        },
      ] as Parameters<typeof proposalFile>[0],
      { format: 'txt' },
    );
    const response = await upload('zip', other, 'complemento.txt');
    expect(response.statusCode, response.body).toBe(200);
    const reconciliation = response.json<Reconciliation>();
    expect(reconciliation.resumen).toMatchObject({ duplicado: 1, sin_xml: 1, conciliado: 0 });
    const [duplicate] = await group('zip', reconciliation.id, 'duplicado');
    expect(duplicate!.motivo).toMatch(
      /^El CAR ya figura en otra propuesta de 12\/2024, importada el 15\/01\/2025 \(conciliación \d+\): se registra una sola vez\.$/,
    );
  });

  it('refuses what is not a proposal of this account, with the reason', async () => {
    const refusal = async (bytes: Uint8Array, name = 'p.txt', field = 'file') => {
      const response = await upload('txt', bytes, name, field);
      return { status: response.statusCode, message: response.json<{ message: string }>().message };
    };
    const header = PROPOSAL_HEADER.filter((label) => label !== 'Total CP' && label !== 'Moneda');
    expect(
      await refusal(proposalFile(cases.txt!.rows.slice(0, 1), { format: 'txt', header })),
    ).toMatchObject({
      status: 400,
      message:
        "El archivo no es una propuesta del RCE de SIRE: le faltan las columnas 'Total CP', 'Moneda'.",
    });
    expect((await refusal(new Uint8Array())).message).toMatch(/vacío/);
    expect(await refusal(proposalFile([], { format: 'csv' }))).toMatchObject({
      status: 400,
      message: 'La propuesta no tiene comprobantes: solo trae la fila de encabezados.',
    });
    const foreign = { ...factura4Row, receiverRuc: '20100070970' };
    expect(await refusal(proposalFile([foreign], { format: 'txt' }))).toMatchObject({
      status: 400,
      message: 'La propuesta es del RUC 20100070970, no de esta cuenta (20415932376).',
    });
    const future = { ...factura4Row, period: '202502', issueDate: '2025-02-01' };
    expect(await refusal(proposalFile([future], { format: 'txt' }))).toMatchObject({
      status: 400,
      message: 'El periodo 02/2025 de la propuesta todavía no ha llegado.',
    });
    expect(
      (await refusal(proposalFile([factura4Row], { format: 'txt' }), 'p.txt', 'archivo')).message,
    ).toMatch(/parte «file»/);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/client/reconciliations',
      headers: { authorization: `Bearer ${tokens.txt}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toMatch(/parte «file»/);

    // A ZIP bomb: 60 MB of one repeated byte.
    const bomb = zipSync(
      { 'propuesta.txt': new Uint8Array(60 * 1024 * 1024).fill(0x41) },
      { level: 9 },
    );
    expect((await refusal(bomb, 'bomba.zip')).message).toMatch(/bomba ZIP/);
    expect((await refusal(zipSync({ 'leeme.pdf': new Uint8Array(10) }), 'x.zip')).message).toBe(
      'El ZIP no contiene una propuesta del RCE (un archivo .txt o .csv).',
    );
  });

  it('answers 404 for another account’s reconciliation', async () => {
    const [own] = await get<Reconciliation[]>('txt', '/api/client/reconciliations');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/client/reconciliations/${own!.id}/items?grupo=conciliado`,
      headers: { authorization: `Bearer ${tokens.csv}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Conciliación no encontrada.' });
  });
});
