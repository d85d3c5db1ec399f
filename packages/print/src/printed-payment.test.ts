import { describe, expect, it } from 'vitest';
import { detractionInvoice, usdCreditInvoice } from '../test/sample-documents.js';
import { DETRACTION_LEGEND, printedCredit, printedDetraction } from './printed-payment.js';

describe('printedCredit', () => {
  it('lists the installments with their due dates and amounts in the document currency', () => {
    expect(printedCredit(usdCreditInvoice())).toEqual({
      summary: [
        { label: 'Monto neto pendiente de pago', value: 'US$ 642.15' },
        { label: 'Total de cuotas', value: '2' },
      ],
      installments: [
        { label: '1', dueDate: '31/01/2022', amount: 'US$ 370.71' },
        { label: '2', dueDate: '28/02/2022', amount: 'US$ 271.44' },
      ],
    });
  });

  it('keeps unusual installment identifiers and marks a missing due date', () => {
    const doc = usdCreditInvoice();
    doc.payment!.installments = [
      { id: 'A-1', amount: '10', dueDate: null },
      { id: '', amount: '20', dueDate: '2022-03-01' },
    ];
    expect(printedCredit(doc)?.installments).toEqual([
      { label: 'A-1', dueDate: '-', amount: 'US$ 10.00' },
      { label: '2', dueDate: '01/03/2022', amount: 'US$ 20.00' },
    ]);
  });

  it('is absent for a cash sale or a document without payment terms', () => {
    expect(printedCredit(detractionInvoice())).toBeNull();
    expect(printedCredit({ ...detractionInvoice(), payment: null })).toBeNull();
  });
});

describe('printedDetraction', () => {
  it('states the SPOT legend, service, rate, amount in soles and account', () => {
    expect(printedDetraction(usdCreditInvoice())).toEqual({
      legend: DETRACTION_LEGEND,
      details: [
        { label: 'Bien o servicio', value: '022 - Otros servicios empresariales' },
        { label: 'Porcentaje', value: '12%' },
        { label: 'Monto de la detracción', value: 'S/ 283.00' },
        { label: 'Cta. Banco de la Nación', value: '00-741-123456' },
      ],
    });
  });

  it('prints only what the document states', () => {
    const doc = detractionInvoice();
    const { paymentMeansCode, legendOnly } = doc.payment!.detraction!;
    const stated = { code: null, percent: null, amount: null, account: null };
    const base = { ...stated, paymentMeansCode, legendOnly };
    doc.payment!.detraction = { ...base, percent: '1.5' };
    expect(printedDetraction(doc)?.details).toEqual([{ label: 'Porcentaje', value: '1.5%' }]);
    doc.payment!.detraction = { ...base, legendOnly: true };
    expect(printedDetraction(doc)).toEqual({ legend: DETRACTION_LEGEND, details: [] });
    doc.payment!.detraction = null;
    expect(printedDetraction(doc)).toBeNull();
  });
});
