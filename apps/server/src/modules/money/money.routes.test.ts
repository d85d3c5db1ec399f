import type { Detractions, DocumentPage, Payables } from '@sufel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES, type Sample } from '../../../test/helpers/fixtures.js';
import { publishSample, storedIssuerToken } from '../../../test/helpers/issuers.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';

const issuerTokens = new Map<string, string>();

/** A factura published as its issuer sent it; `edit` changes its XML first. */
async function publish(t: TestApp, sample: Sample, edit?: (xml: string) => string) {
  const token = issuerTokens.get(sample.emisor) ?? (await storedIssuerToken(t, sample.emisor));
  issuerTokens.set(sample.emisor, token);
  if (edit === undefined) {
    const response = await publishSample(t, token, sample);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number }>().id;
  }
  const xml = edit((await fixture(sample.file)).toString('utf8'));
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/company/documents',
    headers: { authorization: `Bearer ${token}` },
    payload: { xml: Buffer.from(xml).toString('base64'), pdf: '' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

/** The retention invoice (2 cuotas in soles) as another factura in dollars, due later. */
function inDollars(xml: string): string {
  return xml
    .replace('<cbc:ID>F001-62</cbc:ID>', '<cbc:ID>F001-63</cbc:ID>')
    .replaceAll('"PEN"', '"USD"')
    .replace(/>PEN</g, '>USD<')
    .replace('2025-04-16', '2025-04-18')
    .replaceAll('2025-05-16', '2025-06-02');
}

/** Factura 4 renumbered, with only the legend older documents carry. */
function withLegendOnly(xml: string): string {
  return xml
    .replace('<cbc:ID>F001-4</cbc:ID>', '<cbc:ID>F001-9</cbc:ID>')
    .replace(
      '<cbc:DocumentCurrencyCode',
      '<cbc:Note>OPERACION SUJETA A DETRACCION</cbc:Note><cbc:DocumentCurrencyCode',
    );
}

/** Instalments, detracciones, percepciones and retentions, as lists, exports and the money views give them. */
describe('money the receiver must act on', () => {
  let t: TestApp;
  /** Receives the percepción, the retention and the credit facturas. */
  let buyer: string;
  /** Receives factura3, subject to detracción. */
  let other: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    issuerTokens.clear();
    ids.perception = await publish(t, SAMPLES.perceptionInvoice);
    ids.retention = await publish(t, SAMPLES.retentionInvoice);
    ids.dollars = await publish(t, SAMPLES.retentionInvoice, inDollars);
    ids.detraction = await publish(t, SAMPLES.factura3);
    ids.plain = await publish(t, SAMPLES.factura4);
    ids.legend = await publish(t, SAMPLES.factura4, withLegendOnly);
    buyer = await storedReceiverToken(t, SAMPLES.perceptionInvoice.cliente);
    other = await storedReceiverToken(t, SAMPLES.factura3.cliente);
  }, 180_000);
  afterAll(() => t.close());

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  async function page(query: string, token = buyer): Promise<DocumentPage> {
    const response = await get(`/api/client/documents?${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DocumentPage>();
  }

  it('lists each document with its payment form, instalments and withholdings', async () => {
    const { items } = await page('sort=numero&dir=asc');
    expect(
      items.map(
        ({
          serie,
          correlativo,
          forma_pago,
          cuotas,
          detraccion,
          percepcion_monto,
          retencion_monto,
        }) => ({
          numero: `${serie}-${correlativo}`,
          forma_pago,
          cuotas,
          detraccion,
          percepcion_monto,
          retencion_monto,
        }),
      ),
    ).toEqual([
      {
        numero: 'F001-51',
        forma_pago: 'Contado',
        cuotas: 0,
        detraccion: false,
        percepcion_monto: '66.08',
        retencion_monto: null,
      },
      {
        numero: 'F001-62',
        forma_pago: 'Credito',
        cuotas: 2,
        detraccion: false,
        percepcion_monto: null,
        retencion_monto: '35.40',
      },
      {
        numero: 'F001-63',
        forma_pago: 'Credito',
        cuotas: 2,
        detraccion: false,
        percepcion_monto: null,
        retencion_monto: '35.40',
      },
    ]);
    const detraction = (await page('', other)).items.find((item) => item.id === ids.detraction);
    expect(detraction).toMatchObject({ detraccion: true, detraccion_monto: '123.00' });
  });

  it('filters by detracción and by payment form, and counts what matches', async () => {
    const credit = await page('formaPago=credito');
    expect(credit.items.map((item) => item.id).sort()).toEqual([ids.retention, ids.dollars].sort());
    expect(credit.total).toBe(2);
    expect((await page('formaPago=contado')).items.map((item) => item.id)).toEqual([
      ids.perception,
    ]);
    expect((await page('detraccion=1')).total).toBe(0);
    const subject = await page('detraccion=1', other);
    expect(subject.items.map((item) => item.id)).toEqual([ids.legend, ids.detraction]);
    // Only a legend: flagged, with nothing invented.
    expect(subject.items[0]).toMatchObject({ detraccion: true, detraccion_monto: null });
    expect((await page('detraccion=0', other)).items.map((item) => item.id)).toEqual([ids.plain]);
  });

  it('refuses an unknown filter value with a clear message, not a 5xx', async () => {
    const response = await get('/api/client/documents?formaPago=fiado', buyer);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/credito o contado/);
  });

  it('exports the money columns beside the amounts', async () => {
    const response = await get('/api/client/documents/export?format=csv&detraccion=1', other);
    expect(response.statusCode, response.body).toBe(200);
    const [header, , line] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(',');
    const cells = line!.split(',');
    const at = (name: string) => cells[columns.indexOf(name)];
    expect(at('Forma de pago')).toBe('Contado');
    expect(at('Detracción')).toBe('Sí');
    expect(at('Código de detracción')).toBe('022');
    expect(at('% de detracción')).toBe('12.00');
    expect(at('Detracción (S/)')).toBe('123.00');
    expect(at('Cuenta de detracciones')).toBe('00-045-091619');
  });

  it('answers the instalments due in a range by date, with totals per currency and week', async () => {
    const response = await get('/api/client/payables?start=2025-04-01&end=2025-06-30', buyer);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Payables>();
    expect(body.items).toEqual([
      {
        documentId: ids.retention,
        emisor: SAMPLES.retentionInvoice.emisor,
        emisor_nombre: expect.any(String) as string,
        tipo: '01',
        serie: 'F001',
        numero: '62',
        cuota: 1,
        monto: '572.30',
        moneda: 'PEN',
        vence: '2025-04-16',
      },
      expect.objectContaining({
        documentId: ids.dollars,
        cuota: 1,
        moneda: 'USD',
        vence: '2025-04-18',
      }),
      expect.objectContaining({
        documentId: ids.retention,
        cuota: 2,
        moneda: 'PEN',
        vence: '2025-05-16',
      }),
      expect.objectContaining({
        documentId: ids.dollars,
        cuota: 2,
        moneda: 'USD',
        vence: '2025-06-02',
      }),
    ]);
    expect(body.totales).toEqual([
      { moneda: 'PEN', monto: '1144.60' },
      { moneda: 'USD', monto: '1144.60' },
    ]);
    expect(body.semanas).toEqual([
      { semana: '2025-04-14', moneda: 'PEN', monto: '572.30' },
      { semana: '2025-04-14', moneda: 'USD', monto: '572.30' },
      { semana: '2025-05-12', moneda: 'PEN', monto: '572.30' },
      { semana: '2025-06-02', moneda: 'USD', monto: '572.30' },
    ]);
    expect(body.truncado).toBe(false);

    const april = (
      await get('/api/client/payables?start=2025-04-17&end=2025-04-30', buyer)
    ).json<Payables>();
    expect(april.items.map((item) => item.vence)).toEqual(['2025-04-18']);
    expect(april.totales).toEqual([{ moneda: 'USD', monto: '572.30' }]);
  });

  it('gives nobody else’s instalments, and leaves voided documents out', async () => {
    const range = 'start=2025-01-01&end=2025-12-31';
    expect((await get(`/api/client/payables?${range}`, other)).json<Payables>()).toEqual({
      items: [],
      totales: [],
      semanas: [],
      truncado: false,
    });
    await sql`update documents set baja = true where id = ${ids.dollars}`.execute(t.database.db);
    try {
      const body = (await get(`/api/client/payables?${range}`, buyer)).json<Payables>();
      expect(body.items.every((item) => item.documentId === ids.retention)).toBe(true);
    } finally {
      await sql`update documents set baja = false where id = ${ids.dollars}`.execute(t.database.db);
    }
  });

  it('answers the detracciones to deposit, as JSON and as the CSV for the bank', async () => {
    const range = 'start=2024-11-01&end=2024-11-30';
    const body = (await get(`/api/client/detractions?${range}`, other)).json<Detractions>();
    expect(body).toEqual({
      items: [
        {
          documentId: ids.detraction,
          emisor: SAMPLES.factura3.emisor,
          emisor_nombre: expect.any(String) as string,
          codigo: '022',
          porcentaje: '12.00',
          monto: '123.00',
          cuenta: '00-045-091619',
          tipo: '01',
          serie: 'F001',
          numero: '3',
          fecha: '2024-11-25',
        },
        {
          documentId: ids.legend,
          emisor: SAMPLES.factura4.emisor,
          emisor_nombre: expect.any(String) as string,
          codigo: null,
          porcentaje: null,
          monto: null,
          cuenta: null,
          tipo: '01',
          serie: 'F001',
          numero: '9',
          fecha: '2024-11-26',
        },
      ],
      total: '123.00',
      truncado: false,
    });
    expect(
      (await get(`/api/client/detractions?${range}`, buyer)).json<Detractions>().items,
    ).toEqual([]);

    const csv = await get(`/api/client/detractions?${range}&format=csv`, other);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="detracciones-${SAMPLES.factura3.cliente}-2024-11-01-2024-11-30.csv"`,
    );
    const [header, line, legend, end] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'RUC del proveedor,Razón social del proveedor,Tipo de comprobante,Serie,Número,Fecha de emisión,' +
        'Código de bien o servicio,% de detracción,Monto a depositar (S/),Cuenta en el Banco de la Nación',
    );
    expect(line).toMatch(
      /^20606433094,.*,Factura,F001,3,2024-11-25,022,12.00,123.00,00-045-091619$/,
    );
    expect(legend).toMatch(/^20606433094,.*,Factura,F001,9,2024-11-26,,,,$/);
    expect(end).toBe('');
  });

  it('refuses a range that ends before it starts, or without dates', async () => {
    const backwards = await get('/api/client/payables?start=2025-05-01&end=2025-04-01', buyer);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toMatch(/posterior/);
    expect((await get('/api/client/detractions?start=2025-05-01', buyer)).statusCode).toBe(400);
    expect(
      (await get('/api/client/detractions?start=2025-05-01&end=2025-05-02&format=pdf', buyer))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/client/payables?start=2025-01-01&end=2025-01-02',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('reads the same facts again for documents stored before they were kept, resumably', async () => {
    const before = await page('sort=numero&dir=asc');
    const payables = (
      await get('/api/client/payables?start=2025-01-01&end=2025-12-31', buyer)
    ).json<Payables>();
    await sql`update documents set dinero_leido = false, forma_pago = null, cuotas = 0, detraccion = false,
      detraccion_monto = null, percepcion_monto = null, retencion_monto = null`.execute(
      t.database.db,
    );
    await sql`delete from document_installments`.execute(t.database.db);

    // Not yet read: lists leave the facts out rather than say "none".
    expect((await page('sort=numero&dir=asc')).items[0]).not.toHaveProperty('forma_pago');
    expect(await t.services.moneyBackfill.pending()).toBe(6);
    expect(await t.services.moneyBackfill.run()).toEqual({ read: 6, failed: [] });
    expect(await t.services.moneyBackfill.pending()).toBe(0);
    expect(await t.services.moneyBackfill.run()).toEqual({ read: 0, failed: [] });

    expect(await page('sort=numero&dir=asc')).toEqual(before);
    expect(
      (await get('/api/client/payables?start=2025-01-01&end=2025-12-31', buyer)).json<Payables>(),
    ).toEqual(payables);
  });
});
