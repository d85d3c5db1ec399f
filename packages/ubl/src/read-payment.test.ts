import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test/fixtures.js';
import { INVOICE_PARTS, syntheticInvoice } from '../test/synthetic-documents.js';
import { parseUblDocument } from './parse-ubl-document.js';
import type { UblDetraction, UblPayment } from './types.js';

/** The money each document obliges the buyer to act on, as its issuer declared it. */

const paymentOfFixture = (name: string): UblPayment | null =>
  parseUblDocument(fixtureBytes(name)).payment;

const paymentOf = (extraBody: string, extraHeader = ''): UblPayment | null =>
  parseUblDocument(syntheticInvoice({ extraBody, extraHeader })).payment;

const NO_DETRACTION: UblDetraction = {
  code: null,
  percent: null,
  amount: null,
  account: null,
  paymentMeansCode: null,
  legendOnly: false,
};

const charge = (indicator: string, code: string, factor: string, amount: string, base: string) =>
  `<cac:AllowanceCharge><cbc:ChargeIndicator>${indicator}</cbc:ChargeIndicator>` +
  `<cbc:AllowanceChargeReasonCode>${code}</cbc:AllowanceChargeReasonCode>` +
  `<cbc:MultiplierFactorNumeric>${factor}</cbc:MultiplierFactorNumeric>` +
  `<cbc:Amount currencyID="PEN">${amount}</cbc:Amount>` +
  `<cbc:BaseAmount currencyID="PEN">${base}</cbc:BaseAmount></cac:AllowanceCharge>`;

const note = (text: string, code?: string) =>
  code === undefined
    ? `<cbc:Note>${text}</cbc:Note>`
    : `<cbc:Note languageLocaleID="${code}">${text}</cbc:Note>`;

describe('detracción', () => {
  it('reads code, percentage, amount, account and payment means (20606433094-01-F001-3)', () => {
    expect(paymentOfFixture('20606433094-01-F001-3.xml')?.detraction).toEqual({
      code: '022',
      percent: '12.00',
      amount: '123.00',
      account: '00-045-091619',
      paymentMeansCode: '001',
      legendOnly: false,
    });
  });

  it('reads the UBL 2.0 additional totals and properties (20600055519-01-FF60-4)', () => {
    expect(paymentOfFixture('20600055519-01-FF60-4.xml')?.detraction).toEqual({
      ...NO_DETRACTION,
      code: '004',
      percent: '9.00',
      amount: '2208.96',
      account: '192-99982-1',
    });
  });

  it('takes the payment means code without an account', () => {
    expect(
      paymentOf(
        '<cac:PaymentMeans><cbc:ID>Detraccion</cbc:ID><cbc:PaymentMeansCode>001</cbc:PaymentMeansCode></cac:PaymentMeans>',
      )?.detraction,
    ).toEqual({ ...NO_DETRACTION, paymentMeansCode: '001' });
  });
});

describe('a legacy document that only says it is subject to detraction', () => {
  it('is flagged from its note, without inventing the rate or the account it quotes (20603355519-01-E001-170)', () => {
    const payment = paymentOfFixture('20603355519-01-E001-170.xml');
    expect(payment).toEqual({
      method: null,
      pendingAmount: null,
      installments: [],
      detraction: { ...NO_DETRACTION, legendOnly: true },
      perception: null,
      retention: null,
    });
  });

  it.each([
    ['legend 2006 alone', note('Leyenda', '2006')],
    ['the words in capitals', note('OPERACION SUJETA A DETRACCION')],
    ['the words with accents', note('Operación sujeta a detracción')],
    ['the SPOT legend', note('Operación sujeta al Sistema de Pago de Obligaciones Tributarias')],
  ])('is flagged from %s', (_, header) => {
    expect(paymentOf('', header)?.detraction).toEqual({ ...NO_DETRACTION, legendOnly: true });
  });

  it.each([
    ['says the opposite', note('Operación no sujeta a detracción')],
    ['speaks of something else', note('Detracción pagada en la factura anterior')],
  ])('is not flagged when the note %s', (_, header) => {
    expect(paymentOf('', header)).toBeNull();
  });

  it('is not flagged as legend-only when the terms state the detraction', () => {
    expect(
      paymentOf(
        '<cac:PaymentTerms><cbc:ID>Detraccion</cbc:ID><cbc:PaymentMeansID>037</cbc:PaymentMeansID>' +
          '<cbc:PaymentPercent>12</cbc:PaymentPercent><cbc:Amount>141.60</cbc:Amount></cac:PaymentTerms>',
        note('Operación sujeta a detracción', '2006'),
      )?.detraction,
    ).toEqual({ ...NO_DETRACTION, code: '037', percent: '12', amount: '141.60' });
  });

  it('reads the UBL 2.0 legend property 2006 the same way', () => {
    const legacy = parseUblDocument(
      syntheticInvoice({
        signature:
          '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent>' +
          '<sac:AdditionalInformation xmlns:sac="urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1">' +
          '<sac:AdditionalProperty><cbc:ID>2006</cbc:ID><cbc:Value>Operación sujeta a detracción</cbc:Value></sac:AdditionalProperty>' +
          '</sac:AdditionalInformation></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
      }),
    );
    expect(legacy.payment?.detraction).toEqual({ ...NO_DETRACTION, legendOnly: true });
  });
});

describe('percepción', () => {
  it('reads code, rate, amount, base and the total with it (20552187343-01-F001-51)', () => {
    expect(paymentOfFixture('20552187343-01-F001-51.xml')).toEqual({
      method: 'Contado',
      pendingAmount: null,
      installments: [],
      detraction: null,
      perception: {
        code: '51',
        rate: '0.02',
        amount: '66.08',
        base: '3304.00',
        totalWithPerception: '3370.08',
        currency: 'PEN',
      },
      retention: null,
    });
  });

  it.each(['52', '53'])('reads code %s', (code) => {
    expect(paymentOf(charge('true', code, '0.01', '10.00', '1000.00'))?.perception).toEqual({
      code,
      rate: '0.01',
      amount: '10.00',
      base: '1000.00',
      totalWithPerception: null,
      currency: 'PEN',
    });
  });

  it('reads the PaymentTerms total alone', () => {
    expect(
      paymentOf(
        '<cac:PaymentTerms><cbc:ID>PERCEPCIÓN</cbc:ID><cbc:Amount currencyID="PEN">120.36</cbc:Amount></cac:PaymentTerms>',
      )?.perception,
    ).toEqual({
      code: null,
      rate: null,
      amount: null,
      base: null,
      totalWithPerception: '120.36',
      currency: 'PEN',
    });
  });

  it('is not a discount with the same code', () => {
    expect(paymentOf(charge('false', '51', '0.02', '2.36', '118.00'))).toBeNull();
  });
});

describe('IGV retention declared on the invoice', () => {
  it('reads rate, amount and base beside the credit terms (20611734027-01-F001-62)', () => {
    expect(paymentOfFixture('20611734027-01-F001-62.xml')).toEqual({
      method: 'Credito',
      pendingAmount: '1144.60',
      installments: [
        { id: 'Cuota001', amount: '572.30', dueDate: '2025-04-16' },
        { id: 'Cuota002', amount: '572.30', dueDate: '2025-05-16' },
      ],
      detraction: null,
      perception: null,
      retention: { rate: '0.03', amount: '35.40', base: '1180.00', currency: 'PEN' },
    });
  });

  it('accepts the indicator written as 0', () => {
    expect(paymentOf(charge('0', '62', '0.03', '3.54', '118.00'))?.retention).toEqual({
      rate: '0.03',
      amount: '3.54',
      base: '118.00',
      currency: 'PEN',
    });
  });

  it('is not a charge with the same code, nor a line allowance', () => {
    expect(paymentOf(charge('true', '62', '0.03', '3.54', '118.00'))).toBeNull();
    const lineAllowance = parseUblDocument(
      syntheticInvoice({
        lines: INVOICE_PARTS.lines.replace(
          '</cac:InvoiceLine>',
          `${charge('false', '62', '0.03', '3.54', '118.00')}</cac:InvoiceLine>`,
        ),
      }),
    );
    expect(lineAllowance.payment).toBeNull();
  });
});

describe('amounts with odd decimals', () => {
  it('are kept exact, never rounded through a float', () => {
    expect(
      paymentOf(charge('false', '62', '0.0300000000', '35.4000000001', '01180.'))?.retention,
    ).toEqual({ rate: '0.0300000000', amount: '35.4000000001', base: '1180', currency: 'PEN' });
  });

  it('that are not numbers leave the value out and the document readable', () => {
    expect(
      paymentOf(charge('true', '51', '2 %', '1,180.00', `${'9'.repeat(65)}`))?.perception,
    ).toEqual({
      code: '51',
      rate: null,
      amount: null,
      base: null,
      totalWithPerception: null,
      currency: 'PEN',
    });
  });
});
