import type { DocumentDetail, DocumentPage } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES, type Sample } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';

/** The money a receiver must act on, as the detail of each withholding shape shows it. */
describe('payment in the detail', () => {
  let t: TestApp;
  let token: string;
  const ids = new Map<Sample, number>();

  beforeAll(async () => {
    t = await buildTestApp();
    for (const sample of [SAMPLES.perceptionInvoice, SAMPLES.retentionInvoice]) {
      const published = await publishSample(t, await issuerToken(t, sample.emisor), sample);
      expect(published.statusCode, published.body).toBe(200);
      ids.set(sample, published.json<{ id: number }>().id);
    }
    token = await storedReceiverToken(t, SAMPLES.perceptionInvoice.cliente);
  });
  afterAll(() => t.close());

  async function detailOf(sample: Sample): Promise<DocumentDetail> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents/${ids.get(sample)}/resource/detail`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DocumentDetail>();
  }

  it('gives the percepción with the declared factor as a percentage, not a rate of its own', async () => {
    const { payment } = await detailOf(SAMPLES.perceptionInvoice);
    expect(payment).toMatchObject({
      method: 'Contado',
      detraction: null,
      perception: {
        code: '51',
        percent: '2.00',
        amount: '66.08',
        base: '3304.00',
        currency: 'PEN',
      },
      retention: null,
    });
  });

  it('gives the IGV retention declared on the invoice beside its instalments', async () => {
    const { payment } = await detailOf(SAMPLES.retentionInvoice);
    expect(payment).toMatchObject({
      method: 'Credito',
      pendingAmount: '1144.60',
      installments: [
        { id: 'Cuota001', amount: '572.30', dueDate: '2025-04-16' },
        { id: 'Cuota002', amount: '572.30', dueDate: '2025-05-16' },
      ],
      perception: null,
      retention: { percent: '3.00', amount: '35.40', base: '1180.00', currency: 'PEN' },
    });
  });

  it('lists both documents to their receiver', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/client/documents',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json<DocumentPage>().total).toBe(2);
  });
});
