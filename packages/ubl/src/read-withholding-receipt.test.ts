import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureText } from '../test/fixtures.js';
import { UblError } from './errors.js';
import { readMoneyFacts } from './money-facts.js';
import {
  parseSignedSunatDocument,
  parseSignedSunatDocumentIfCheap,
  parseSunatDocument,
} from './parse-ubl-document.js';
import type { SunatDocument, UblErrorCode, WithholdingReceipt } from './types.js';

function receiptOf(input: Uint8Array | string): WithholdingReceipt {
  const document: SunatDocument = parseSunatDocument(input);
  if (document.type !== '20' && document.type !== '40') throw new Error(`read as ${document.type}`);
  return document;
}

function refusal(input: string): { code: UblErrorCode; message: string } {
  try {
    parseSunatDocument(input);
  } catch (error) {
    if (error instanceof UblError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the receipt was accepted');
}

const perception = fixtureText('20552187343-40-P001-7.xml');

describe('a comprobante de retención (20606433094-20-R001-1)', () => {
  const receipt = receiptOf(fixtureBytes('20606433094-20-R001-1.xml'));

  it('reads the agent, the supplier, the regime and the totals', () => {
    expect(receipt).toMatchObject({
      ublVersion: '2.0',
      type: '20',
      id: 'R001-1',
      series: 'R001',
      number: '1',
      issueDate: '2024-11-27',
      issueTime: null,
      issuer: {
        ruc: '20606433094',
        name: 'GASPERSOFT EIRL',
        tradeName: null,
        address:
          'CAL. LOS LIRIOS INT. 20 LT. 1 MZ. B URB. MONTEGRANDE, PUENTE PIEDRA - LIMA - LIMA',
      },
      receiver: {
        documentType: '6',
        documentNumber: '20454738056',
        name: 'CHARACATO EXPRESS S.R.L.',
        address: null,
      },
      regime: '01',
      percent: '3.00',
      currency: 'PEN',
      totalAmount: '30.00',
      totalPaid: '970.00',
      notes: [{ code: null, text: 'COMPROBANTE DE RETENCION DE PRUEBA' }],
      signature: { present: true, digestValue: 'MIx5l+IAf5ZrUi9yivP+BJn1eaMoUeUb7MeUcLFJIfo=' },
    });
  });

  it('reads the factura it covers, its payment and what was retained on it', () => {
    expect(receipt.documents).toEqual([
      {
        type: '01',
        documentNumber: 'F001-1',
        issueDate: '2024-11-25',
        total: '1000.00',
        currency: 'PEN',
        payments: [{ number: '1', amount: '1000.00', currency: 'PEN', date: '2024-11-27' }],
        amount: '30.00',
        date: '2024-11-27',
        netTotal: '970.00',
        exchangeRate: null,
      },
    ]);
  });

  it('checks its signature like any other document', () => {
    const bytes = fixtureBytes('20606433094-20-R001-1.xml');
    const signed = parseSignedSunatDocument(bytes);
    expect(signed.document).toEqual(receipt);
    expect(signed.signature.status).toBe('valida');
    expect(parseSignedSunatDocumentIfCheap(bytes)?.signature.status).toBe('valida');
  });
});

describe('a comprobante de percepción (20552187343-40-P001-7, made for the tests)', () => {
  const receipt = receiptOf(perception);

  it('reads the agent, the customer, the regime and the totals', () => {
    expect(receipt).toMatchObject({
      type: '40',
      id: 'P001-7',
      issueDate: '2025-03-20',
      issueTime: '09:30:00',
      issuer: { ruc: '20552187343', name: 'MOLINERA DEL NORTE S.A.C.' },
      receiver: { documentType: '6', documentNumber: '20490118269' },
      regime: '01',
      percent: '2.00',
      currency: 'PEN',
      totalAmount: '205.60',
      totalPaid: '10485.76',
      signature: { present: false, digestValue: null },
    });
  });

  it('reads both facturas, the one in dollars with its exchange rate', () => {
    expect(receipt.documents.map((document) => document.documentNumber)).toEqual([
      'F001-48',
      'F001-49',
    ]);
    expect(receipt.documents[1]).toEqual({
      type: '01',
      documentNumber: 'F001-49',
      issueDate: '2025-02-24',
      total: '1180.00',
      currency: 'USD',
      payments: [{ number: '1', amount: '1180.00', currency: 'USD', date: '2025-03-20' }],
      amount: '87.60',
      date: '2025-03-20',
      netTotal: '4467.76',
      exchangeRate: {
        sourceCurrency: 'USD',
        targetCurrency: 'PEN',
        rate: '3.712000',
        date: '2025-03-20',
      },
    });
  });

  it('has no payment terms of its own among the money facts', () => {
    expect(readMoneyFacts(perception).payment).toBeNull();
    expect(readMoneyFacts(perception).summary.detraction).toBe(false);
  });
});

describe("SUNAT's malformed example of a perception (EjemploPercepcion.xml)", () => {
  it('is refused, saying where the XML breaks', () => {
    expect(() => parseSunatDocument(fixtureBytes('EjemploPercepcion.xml'))).toThrow(
      new UblError('malformed', 'El XML no está bien formado (línea 43, columna 21).'),
    );
  });
});

describe('a receipt missing what it must state', () => {
  it.each([
    [
      'the regime',
      /<sac:SUNATPerceptionSystemCode>01<\/sac:SUNATPerceptionSystemCode>/,
      '',
      {
        code: 'missing_field',
        message: 'Falta el régimen de percepción (sac:SUNATPerceptionSystemCode).',
      },
    ],
    [
      'the total perceived',
      /<cbc:TotalInvoiceAmount currencyID="PEN">205.60<\/cbc:TotalInvoiceAmount>/,
      '',
      {
        code: 'missing_field',
        message: 'Falta el importe total percibido (cbc:TotalInvoiceAmount).',
      },
    ],
    [
      'any covered document',
      /<sac:SUNATPerceptionDocumentReference>[\s\S]*<\/sac:SUNATPerceptionDocumentReference>/,
      '',
      {
        code: 'missing_field',
        message:
          'El comprobante de percepción no indica ningún comprobante relacionado (sac:SUNATPerceptionDocumentReference).',
      },
    ],
    [
      'the number of a covered document',
      '<cbc:ID schemeID="01">F001-49</cbc:ID>',
      '<cbc:ID schemeID="01"> </cbc:ID>',
      {
        code: 'missing_field',
        message:
          'Falta el número del comprobante relacionado 2 (sac:SUNATPerceptionDocumentReference/cbc:ID).',
      },
    ],
    [
      'the agent',
      /<cac:AgentParty>[\s\S]*<\/cac:AgentParty>/,
      '',
      { code: 'missing_field', message: 'Falta el RUC del emisor (cac:AgentParty).' },
    ],
    [
      'the customer',
      /<cac:ReceiverParty>[\s\S]*<\/cac:ReceiverParty>/,
      '',
      { code: 'missing_field', message: 'Falta el documento del cliente (cac:ReceiverParty).' },
    ],
  ])('is refused without %s', (_, part, replacement, expected) => {
    expect(refusal(perception.replace(part, replacement))).toEqual(expected);
  });

  it('is refused with a covered amount that is not a number', () => {
    expect(refusal(perception.replace('>87.60<', '>87,60<'))).toEqual({
      code: 'invalid_value',
      message: "El valor '87,60' de sac:SUNATPerceptionAmount no es un número decimal válido.",
    });
  });

  it('names the supplier of a retention receipt by its role', () => {
    const retention = fixtureText('20606433094-20-R001-1.xml').replace(
      '>20454738056<',
      '>2045473805<',
    );
    expect(refusal(retention)).toEqual({
      code: 'invalid_value',
      message: "El RUC del proveedor '2045473805' no tiene 11 dígitos.",
    });
  });

  it('keeps odd decimals exact', () => {
    const odd = receiptOf(perception.replace('>205.60<', '>0205.6000<'));
    expect(odd.totalAmount).toBe('205.6000');
  });
});

describe('documents that are neither sales nor withholding receipts', () => {
  it('are refused with the list of what is taken', () => {
    const summary = fixtureText('20552187343-40-P001-7.xml')
      .replace(/Perception-1"/, 'SummaryDocuments-1"')
      .replace('<Perception ', '<SummaryDocuments ')
      .replace('</Perception>', '</SummaryDocuments>');
    expect(refusal(summary)).toEqual({
      code: 'unsupported_type',
      message:
        'Un resumen diario no es un comprobante admitido: solo se admiten facturas, boletas, notas de crédito y de débito, y comprobantes de retención y de percepción.',
    });
  });
});
