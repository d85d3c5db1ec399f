import type { DocumentDetail, DocumentPage, Withholdings } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES, type Sample } from '../../../test/helpers/fixtures.js';
import { proofOf, publishSample, storedIssuerToken } from '../../../test/helpers/issuers.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';

const { retentionReceipt, perceptionReceipt, perceptionInvoice } = SAMPLES;

/** The perception receipt renumbered P001-8 and issued in April, for a second month. */
function inApril(xml: string): string {
  return xml
    .replace('<cbc:ID>P001-7</cbc:ID>', '<cbc:ID>P001-8</cbc:ID>')
    .replace(
      '<cbc:IssueDate>2025-03-20</cbc:IssueDate>',
      '<cbc:IssueDate>2025-04-02</cbc:IssueDate>',
    );
}

/** The perception receipt renumbered P001-9, to be voided. */
function toVoid(xml: string): string {
  return xml.replace('<cbc:ID>P001-7</cbc:ID>', '<cbc:ID>P001-9</cbc:ID>');
}

/**
 * Comprobantes de retención (20) and de percepción (40): published like any
 * document, listed and shown to the party withheld from, with the documents
 * they cover, and totalled per month.
 */
describe('retention and perception receipts', () => {
  let t: TestApp;
  /** The supplier GASPERSOFT retained from. */
  let supplier: string;
  /** The customer perceived from, who also received the perception invoice. */
  let customer: string;
  const ids: Record<string, number> = {};
  const issuerTokens = new Map<string, string>();

  async function tokenOf(ruc: string): Promise<string> {
    const token = issuerTokens.get(ruc) ?? (await storedIssuerToken(t, ruc));
    issuerTokens.set(ruc, token);
    return token;
  }

  async function publish(sample: Sample, edit?: (xml: string) => string): Promise<number> {
    const token = await tokenOf(sample.emisor);
    const response =
      edit === undefined
        ? await publishSample(t, token, sample)
        : await t.app.inject({
            method: 'POST',
            url: '/api/company/documents',
            headers: { authorization: `Bearer ${token}` },
            payload: {
              xml: Buffer.from(edit((await fixture(sample.file)).toString('utf8'))).toString(
                'base64',
              ),
              pdf: '',
            },
          });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number }>().id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids.retention = await publish(retentionReceipt);
    ids.perception = await publish(perceptionReceipt);
    ids.april = await publish(perceptionReceipt, inApril);
    ids.voided = await publish(perceptionReceipt, toVoid);
    ids.invoice = await publish(perceptionInvoice);
    const voided = await t.app.inject({
      method: 'PATCH',
      url: '/api/company/documents',
      headers: { authorization: `Bearer ${await tokenOf(perceptionReceipt.emisor)}` },
      payload: { tipo: '40', serie: 'P001', correlativo: '9' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    supplier = await storedReceiverToken(t, retentionReceipt.cliente);
    customer = await storedReceiverToken(t, perceptionReceipt.cliente);
  }, 180_000);
  afterAll(() => t.close());

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('lists a receipt to the party withheld from, with what was withheld as its total', async () => {
    const response = await get('/api/client/documents', supplier);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DocumentPage>().items).toEqual([
      expect.objectContaining({
        id: ids.retention,
        emisor: '20606433094',
        emisor_nombre: 'GASPERSOFT EIRL',
        tipo: '20',
        serie: 'R001',
        correlativo: '1',
        fecha: '2024-11-27',
        total: 30,
        moneda: 'PEN',
        cliente_doc: '20454738056',
        cliente_nombre: 'CHARACATO EXPRESS S.R.L.',
      }),
    ]);
    const byType = await get('/api/client/documents?tipoDoc=40', customer);
    expect(
      byType
        .json<DocumentPage>()
        .items.map((item) => item.id)
        .sort(),
    ).toEqual([ids.perception, ids.april, ids.voided].sort());
  });

  it('shows the agent, the regime and every covered document with what was withheld on it', async () => {
    const response = await get(`/api/client/documents/${ids.perception}/resource/detail`, customer);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<DocumentDetail>();
    expect(detail).toMatchObject({
      issuer: { ruc: '20552187343' },
      customer: { documentNumber: '20490118269', name: 'DISTRIBUIDORA LOS ANDES S.A.C.' },
      issueDate: '2025-03-20',
      lines: [],
      totals: { payable: '205.60' },
      payment: null,
      notes: [{ code: null, text: 'Cobranza de facturas de febrero 2025' }],
    });
    expect(detail.withholding).toMatchObject({
      type: '40',
      regime: '01',
      percent: '2.00',
      totalAmount: '205.60',
    });
    expect(detail.withholding!.documents).toHaveLength(2);
    expect(detail.withholding!.documents[0]).toMatchObject({
      type: '01',
      issueDate: '2025-02-10',
      total: '5900.00',
      currency: 'PEN',
    });
    expect(detail.withholding!.documents[1]).toMatchObject({ currency: 'USD', total: '1180.00' });

    const invoice = await get(`/api/client/documents/${ids.invoice}/resource/detail`, customer);
    expect(invoice.json<DocumentDetail>().withholding).toBeNull();
  });

  it('prints a receipt SUFEL renders itself', async () => {
    const response = await get(`/api/client/documents/${ids.retention}/resource/pdf`, supplier);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('totals per month what was retained and perceived, leaving voided receipts out', async () => {
    const supplierView = await get(
      '/api/client/withholdings?start=2024-11-01&end=2024-11-30',
      supplier,
    );
    expect(supplierView.statusCode, supplierView.body).toBe(200);
    expect(supplierView.json<Withholdings>()).toEqual({
      items: [
        {
          documentId: ids.retention,
          tipo: '20',
          emisor: '20606433094',
          emisor_nombre: 'GASPERSOFT EIRL',
          serie: 'R001',
          numero: '1',
          fecha: '2024-11-27',
          monto: '30.00',
          baja: false,
        },
      ],
      meses: [{ mes: '2024-11', retenido: '30.00', percibido: '0.00', comprobantes: 1 }],
      totales: { retenido: '30.00', percibido: '0.00' },
      truncado: false,
    });

    const customerView = await get(
      '/api/client/withholdings?start=2025-03-01&end=2025-04-30',
      customer,
    );
    const body = customerView.json<Withholdings>();
    // Newest first; the factura with a percepción is not a receipt.
    expect(body.items.map((item) => [item.documentId, item.baja])).toEqual([
      [ids.april, false],
      [ids.voided, true],
      [ids.perception, false],
    ]);
    expect(body.meses).toEqual([
      { mes: '2025-03', retenido: '0.00', percibido: '205.60', comprobantes: 1 },
      { mes: '2025-04', retenido: '0.00', percibido: '205.60', comprobantes: 1 },
    ]);
    expect(body.totales).toEqual({ retenido: '0.00', percibido: '411.20' });
  });

  it('shows nothing of it to other receivers', async () => {
    const view = await get('/api/client/withholdings?start=2024-01-01&end=2025-12-31', supplier);
    expect(view.json<Withholdings>().items.map((item) => item.documentId)).toEqual([ids.retention]);
    const detail = await get(`/api/client/documents/${ids.perception}/resource/detail`, supplier);
    expect(detail.statusCode).toBe(404);
  });

  it('adds a receipt the party withheld from uploads, as any document it received', async () => {
    const xml = (await fixture(retentionReceipt.file))
      .toString('utf8')
      .replace('<cbc:ID>R001-1</cbc:ID>', '<cbc:ID>R001-2</cbc:ID>');
    const boundary = 'sufel-withholding';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client/received',
      headers: {
        authorization: `Bearer ${supplier}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="R001-2.xml"\r\n` +
        `Content-Type: application/xml\r\n\r\n${xml}\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [outcome] = response.json<{ items: { estado: string; id?: number }[] }>().items;
    expect(outcome).toMatchObject({ estado: 'agregado' });
    const view = await get('/api/client/withholdings?start=2024-11-01&end=2024-11-30', supplier);
    expect(view.json<Withholdings>()).toMatchObject({
      items: [
        { documentId: outcome!.id, serie: 'R001', numero: '2' },
        { documentId: ids.retention },
      ],
      meses: [{ mes: '2024-11', retenido: '60.00', comprobantes: 2 }],
    });
  });

  it('refuses a range that ends before it starts, in words', async () => {
    const response = await get(
      '/api/client/withholdings?start=2025-04-01&end=2025-03-01',
      customer,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'La fecha de inicio es posterior a la fecha de fin.',
    );
  });

  it('lets anyone holding the receipt consult it individually', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: proofOf(retentionReceipt),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
