import { describe, expect, it } from 'vitest';
import { INVOICE_PARTS, syntheticInvoice } from '../test/synthetic-documents.js';
import { UblError } from './errors.js';
import { parseUblDocument } from './parse-ubl-document.js';
import type { UblErrorCode } from './types.js';

/** Required values, their formats and the document kinds, on small hand-written documents. */

function refusal(input: string | Uint8Array): { code: UblErrorCode; message: string } {
  try {
    parseUblDocument(input);
  } catch (error) {
    if (error instanceof UblError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the document was accepted');
}

const supplier = (
  id: string,
  name = '<cbc:RegistrationName>EMISOR</cbc:RegistrationName>',
): string =>
  `<cac:AccountingSupplierParty><cac:Party><cac:PartyIdentification>${id}</cac:PartyIdentification>` +
  `<cac:PartyLegalEntity>${name}</cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>`;

const customer = (id: string, name = ''): string =>
  `<cac:AccountingCustomerParty><cac:Party><cac:PartyIdentification>${id}</cac:PartyIdentification>` +
  `<cac:PartyLegalEntity>${name}</cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>`;

describe('a minimal valid factura', () => {
  it('is read', () => {
    const document = parseUblDocument(syntheticInvoice());
    expect(document).toMatchObject({
      type: '01',
      id: 'F001-00000123',
      series: 'F001',
      number: '123',
      issueDate: '2024-11-25',
      issueTime: null,
      currency: 'PEN',
      issuer: { ruc: '20606433094', name: 'EMISOR S.A.C.' },
      customer: { documentType: '6', documentNumber: '20415932376', name: 'CLIENTE S.A.' },
      totals: { payable: '118.00', tax: null },
      taxes: [],
      notes: [],
      payment: null,
      signature: { present: true, digestValue: 'abc=' },
    });
    expect(document.lines).toEqual([
      {
        id: '1',
        code: null,
        description: 'Servicio',
        quantity: '1',
        unitCode: 'NIU',
        unitValue: '100.00',
        unitPrice: null,
        lineTotal: '100.00',
        taxAmount: '0.00',
        taxExemptionCode: null,
        free: false,
      },
    ]);
  });

  it('upper-cases the series of its id', () => {
    expect(parseUblDocument(syntheticInvoice({ id: '<cbc:ID>f001-7</cbc:ID>' }))).toMatchObject({
      id: 'f001-7',
      series: 'F001',
      number: '7',
    });
  });
});

describe('required values', () => {
  it.each([
    ['the UBL version', { version: '' }, 'Falta la versión UBL (cbc:UBLVersionID).'],
    ['the id', { id: '' }, 'Falta el número del comprobante (cbc:ID).'],
    ['an empty id', { id: '<cbc:ID>  </cbc:ID>' }, 'Falta el número del comprobante (cbc:ID).'],
    [
      'the invoice type code',
      { typeCode: '' },
      'Falta el tipo de comprobante (cbc:InvoiceTypeCode): 01 factura o 03 boleta.',
    ],
    ['the issue date', { issueDate: '' }, 'Falta la fecha de emisión (cbc:IssueDate).'],
    [
      'the currency',
      {
        currency: '',
        total:
          '<cac:LegalMonetaryTotal><cbc:PayableAmount>1</cbc:PayableAmount></cac:LegalMonetaryTotal>',
      },
      'Falta la moneda (cbc:DocumentCurrencyCode).',
    ],
    [
      'the total',
      { total: '' },
      'Falta el importe total (cac:LegalMonetaryTotal/cbc:PayableAmount).',
    ],
    ['the issuer', { supplier: '' }, 'Falta el RUC del emisor (cac:AccountingSupplierParty).'],
    [
      'the issuer name',
      { supplier: supplier('<cbc:ID schemeID="6">20606433094</cbc:ID>', '') },
      'Falta la razón social del emisor (cbc:RegistrationName).',
    ],
    [
      'the customer',
      { customer: '' },
      'Falta el documento del cliente (cac:AccountingCustomerParty).',
    ],
    [
      'the customer document type',
      { customer: customer('<cbc:ID>20415932376</cbc:ID>') },
      "Falta el tipo de documento del cliente '20415932376'.",
    ],
    [
      'a line quantity',
      { lines: INVOICE_PARTS.lines.replace(/<cbc:InvoicedQuantity.*<\/cbc:InvoicedQuantity>/, '') },
      "Falta la cantidad de la línea '1'.",
    ],
    [
      'a line unit code',
      { lines: INVOICE_PARTS.lines.replace(' unitCode="NIU"', '') },
      "Falta la unidad de medida (@unitCode) de la línea '1'.",
    ],
    [
      'a line description',
      { lines: INVOICE_PARTS.lines.replace('<cbc:Description>Servicio</cbc:Description>', '') },
      "Falta la descripción (cac:Item/cbc:Description) de la línea '1'.",
    ],
    [
      'a line unit value',
      { lines: INVOICE_PARTS.lines.replace(/<cac:Price>.*<\/cac:Price>/, '') },
      "Falta el valor unitario (cac:Price/cbc:PriceAmount) de la línea '1'.",
    ],
  ])('%s is missing_field', (_what, parts, message) => {
    expect(refusal(syntheticInvoice(parts))).toEqual({ code: 'missing_field', message });
  });

  it('takes the currency of the total when the document currency is left out', () => {
    const document = parseUblDocument(syntheticInvoice({ currency: '' }));
    expect(document.currency).toBe('PEN');
  });

  it('lets the buyer of a boleta stay anonymous', () => {
    const document = parseUblDocument(
      syntheticInvoice({
        typeCode: '<cbc:InvoiceTypeCode>03</cbc:InvoiceTypeCode>',
        id: '<cbc:ID>B001-1</cbc:ID>',
        customer: customer('<cbc:ID schemeID="-">-</cbc:ID>'),
      }),
    );
    expect(document.type).toBe('03');
    expect(document.customer).toEqual({
      documentType: '-',
      documentNumber: '-',
      name: '',
      address: null,
    });
  });
});

describe('free lines', () => {
  const line = (inside: string): string =>
    INVOICE_PARTS.lines.replace('<cac:Item>', `${inside}<cac:Item>`);
  const freeOf = (inside: string): boolean =>
    parseUblDocument(syntheticInvoice({ lines: line(inside) })).lines[0]!.free;
  const affectation = (code: string): string =>
    '<cac:TaxTotal><cbc:TaxAmount>0.00</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxAmount>0.00</cbc:TaxAmount>' +
    `<cac:TaxCategory><cbc:TaxExemptionReasonCode>${code}</cbc:TaxExemptionReasonCode>` +
    '<cac:TaxScheme><cbc:ID>9996</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>';

  it('are the ones priced by reference value (catalogue 16 code 02)', () => {
    const referenceValue =
      '<cac:PricingReference><cac:AlternativeConditionPrice><cbc:PriceAmount>5.00</cbc:PriceAmount>' +
      '<cbc:PriceTypeCode>02</cbc:PriceTypeCode></cac:AlternativeConditionPrice></cac:PricingReference>';
    expect(freeOf(referenceValue)).toBe(true);
  });

  it('are the ones flagged FreeOfChargeIndicator', () => {
    expect(freeOf('<cbc:FreeOfChargeIndicator>true</cbc:FreeOfChargeIndicator>')).toBe(true);
    expect(freeOf('<cbc:FreeOfChargeIndicator>false</cbc:FreeOfChargeIndicator>')).toBe(false);
  });

  it.each([
    ['11', true],
    ['16', true],
    ['17', false],
    ['21', true],
    ['30', false],
    ['37', true],
    ['40', false],
  ])('follow affectation %s: %s', (code, free) => {
    expect(freeOf(affectation(code))).toBe(free);
  });
});

describe('payment terms', () => {
  const paymentOf = (extraBody: string): unknown =>
    parseUblDocument(syntheticInvoice({ extraBody })).payment;

  it('match their keywords whatever the case and accents', () => {
    expect(
      paymentOf(
        '<cac:PaymentTerms><cbc:ID>formapago</cbc:ID><cbc:PaymentMeansID>Crédito</cbc:PaymentMeansID>' +
          '<cbc:Amount>118.00</cbc:Amount></cac:PaymentTerms>' +
          '<cac:PaymentTerms><cbc:ID>FORMAPAGO</cbc:ID><cbc:PaymentMeansID>CUOTA001</cbc:PaymentMeansID>' +
          '<cbc:Amount>118.00</cbc:Amount><cbc:PaymentDueDate>2024-12-25</cbc:PaymentDueDate></cac:PaymentTerms>',
      ),
    ).toEqual({
      method: 'Credito',
      pendingAmount: '118.00',
      installments: [{ id: 'CUOTA001', amount: '118.00', dueDate: '2024-12-25' }],
      detraction: null,
      perception: null,
      retention: null,
    });
  });

  it('take the detraction account from PaymentMeans alone', () => {
    expect(
      paymentOf(
        '<cac:PaymentMeans><cbc:ID>Detracción</cbc:ID><cbc:PaymentMeansCode>001</cbc:PaymentMeansCode>' +
          '<cac:PayeeFinancialAccount><cbc:ID>00-000-123456</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>',
      ),
    ).toEqual({
      method: null,
      pendingAmount: null,
      installments: [],
      detraction: {
        code: null,
        percent: null,
        amount: null,
        account: '00-000-123456',
        paymentMeansCode: '001',
        legendOnly: false,
      },
      perception: null,
      retention: null,
    });
  });

  it('ignore the account of other payment means', () => {
    expect(
      paymentOf(
        '<cac:PaymentMeans><cbc:ID>Transferencia</cbc:ID>' +
          '<cac:PayeeFinancialAccount><cbc:ID>191-0000000-0-00</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>',
      ),
    ).toBeNull();
  });

  it('refuse an installment without amount', () => {
    expect(
      refusal(
        syntheticInvoice({
          extraBody:
            '<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Cuota001</cbc:PaymentMeansID></cac:PaymentTerms>',
        }),
      ),
    ).toEqual({
      code: 'missing_field',
      message: "Falta el monto (cbc:Amount) de la cuota 'Cuota001'.",
    });
  });
});

describe('invalid values', () => {
  it.each([
    [
      'a UBL version other than 2.0 and 2.1',
      { version: '<cbc:UBLVersionID>1.0</cbc:UBLVersionID>' },
      "La versión UBL '1.0' no está admitida: use 2.1 o 2.0.",
    ],
    [
      'an id without a dash',
      { id: '<cbc:ID>F001123</cbc:ID>' },
      "El número de comprobante 'F001123' no tiene la forma serie-correlativo (por ejemplo F001-123).",
    ],
    [
      'a three-character series',
      { id: '<cbc:ID>F01-1</cbc:ID>' },
      "El número de comprobante 'F01-1' no tiene la forma serie-correlativo (por ejemplo F001-123).",
    ],
    [
      'a number of nine digits',
      { id: '<cbc:ID>F001-123456789</cbc:ID>' },
      "El número de comprobante 'F001-123456789' no tiene la forma serie-correlativo (por ejemplo F001-123).",
    ],
    [
      'an unknown invoice type code',
      { typeCode: '<cbc:InvoiceTypeCode>02</cbc:InvoiceTypeCode>' },
      "El tipo de comprobante '02' no es 01 (factura) ni 03 (boleta).",
    ],
    [
      'a day that does not exist',
      { issueDate: '<cbc:IssueDate>2023-02-29</cbc:IssueDate>' },
      "La fecha '2023-02-29' de cbc:IssueDate no es válida: use el formato AAAA-MM-DD.",
    ],
    [
      'a date written day first',
      { issueDate: '<cbc:IssueDate>25/11/2024</cbc:IssueDate>' },
      "La fecha '25/11/2024' de cbc:IssueDate no es válida: use el formato AAAA-MM-DD.",
    ],
    [
      'an issue time out of range',
      { extraHeader: '<cbc:IssueTime>25:00:00</cbc:IssueTime>' },
      "La hora de emisión '25:00:00' no es válida: use el formato HH:MM:SS.",
    ],
    [
      'a currency that is not ISO 4217',
      { currency: '<cbc:DocumentCurrencyCode>soles</cbc:DocumentCurrencyCode>' },
      "La moneda 'soles' no es un código ISO 4217 (por ejemplo PEN).",
    ],
    [
      'a total with a thousands separator',
      {
        total:
          '<cac:LegalMonetaryTotal><cbc:PayableAmount>1,180.00</cbc:PayableAmount></cac:LegalMonetaryTotal>',
      },
      "El valor '1,180.00' de cbc:PayableAmount no es un número decimal válido.",
    ],
    [
      'a negative total',
      {
        total:
          '<cac:LegalMonetaryTotal><cbc:PayableAmount>-11.80</cbc:PayableAmount></cac:LegalMonetaryTotal>',
      },
      "El valor '-11.80' de cbc:PayableAmount no puede ser negativo.",
    ],
    [
      'a total with a sign',
      {
        total:
          '<cac:LegalMonetaryTotal><cbc:PayableAmount>+11.80</cbc:PayableAmount></cac:LegalMonetaryTotal>',
      },
      "El valor '+11.80' de cbc:PayableAmount no es un número decimal válido.",
    ],
    [
      'an issuer RUC of ten digits',
      { supplier: supplier('<cbc:ID schemeID="6">2060643309</cbc:ID>') },
      "El RUC del emisor '2060643309' no tiene 11 dígitos.",
    ],
    [
      'a customer RUC of eight digits',
      { customer: customer('<cbc:ID schemeID="6">46237547</cbc:ID>') },
      "El RUC del cliente '46237547' no tiene 11 dígitos.",
    ],
    [
      'a customer document type outside catalogue 06',
      { customer: customer('<cbc:ID schemeID="9">123</cbc:ID>') },
      "El tipo de documento del cliente '9' no existe en el catálogo 06 de SUNAT.",
    ],
  ])('%s is invalid_value', (_what, parts, message) => {
    expect(refusal(syntheticInvoice(parts))).toEqual({ code: 'invalid_value', message });
  });

  it('reads a customer document type written in lower case', () => {
    const document = parseUblDocument(
      syntheticInvoice({ customer: customer('<cbc:ID schemeID="a">X123</cbc:ID>') }),
    );
    expect(document.customer).toMatchObject({ documentType: 'A', documentNumber: 'X123' });
  });

  it('takes the type of UBL 2.0 AdditionalAccountID when the ID has no schemeID', () => {
    const document = parseUblDocument(
      syntheticInvoice({
        customer:
          '<cac:AccountingCustomerParty><cbc:AdditionalAccountID>1</cbc:AdditionalAccountID>' +
          '<cac:Party><cac:PartyIdentification><cbc:ID>46237547</cbc:ID></cac:PartyIdentification></cac:Party>' +
          '</cac:AccountingCustomerParty>',
      }),
    );
    expect(document.customer).toMatchObject({ documentType: '1', documentNumber: '46237547' });
  });

  it('accepts an 11-digit RUC whatever its check digit, as lookups do', () => {
    const document = parseUblDocument(
      syntheticInvoice({ supplier: supplier('<cbc:ID schemeID="6">20100454523</cbc:ID>') }),
    );
    expect(document.issuer.ruc).toBe('20100454523');
  });

  it('keeps a quoted value short and printable in its message', () => {
    const { message } = refusal(
      syntheticInvoice({ id: `<cbc:ID>${'X'.repeat(500)}&#9;</cbc:ID>` }),
    );
    expect(message).toContain(`'${'X'.repeat(40)}…'`);
    expect(message.length).toBeLessThan(150);
  });
});

describe('document kinds', () => {
  const note = (root: 'CreditNote' | 'DebitNote', reference: string): string =>
    syntheticInvoice({
      root: INVOICE_PARTS.root
        .replace('<Invoice', `<${root}`)
        .replace('xsd:Invoice-2', `xsd:${root}-2`),
      typeCode: '',
      extraHeader: reference,
      lines: '',
    });
  const reference =
    '<cac:DiscrepancyResponse><cbc:ReferenceID>F001-9</cbc:ReferenceID><cbc:ResponseCode>01</cbc:ResponseCode>' +
    '<cbc:Description>Anulación de la operación</cbc:Description></cac:DiscrepancyResponse>';

  it('takes 07 and 08 from the root element', () => {
    expect(parseUblDocument(note('CreditNote', reference)).type).toBe('07');
    expect(parseUblDocument(note('DebitNote', reference)).type).toBe('08');
  });

  it('falls back to DiscrepancyResponse/ReferenceID for the modified document', () => {
    expect(parseUblDocument(note('CreditNote', reference)).reference).toEqual({
      type: null,
      documentNumber: 'F001-9',
      reasonCode: '01',
      reason: 'Anulación de la operación',
    });
  });

  it('refuses a note that does not say which document it modifies', () => {
    expect(refusal(note('CreditNote', ''))).toEqual({
      code: 'missing_field',
      message:
        'La nota no indica el comprobante que modifica (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID).',
    });
  });

  it.each([
    ['an Invoice outside the UBL namespace', '<Invoice xmlns="urn:example:invoice">', 'not_ubl'],
    ['an Invoice without namespace', '<Invoice>', 'not_ubl'],
    [
      'a UBL Order',
      '<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2">',
      'not_ubl',
    ],
    [
      'a guía de remisión',
      '<DespatchAdvice xmlns="urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2">',
      'unsupported_type',
    ],
    [
      'a resumen diario',
      '<SummaryDocuments xmlns="urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1">',
      'unsupported_type',
    ],
    [
      'a comunicación de baja',
      '<VoidedDocuments xmlns="urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1">',
      'unsupported_type',
    ],
    [
      'an unknown SUNAT document',
      '<Otro xmlns="urn:sunat:names:specification:ubl:peru:schema:xsd:Otro-1">',
      'unsupported_type',
    ],
  ])('refuses %s', (_what, root, code) => {
    const rootName = /^<(\w+)/.exec(root)![1]!;
    const xml = `${root.replace('>', ` ${'xmlns:cbc="urn:x"'}>`)}<cbc:ID>F001-1</cbc:ID></${rootName}>`;
    expect(refusal(xml).code).toBe(code);
  });

  it('tells a CDR sent as a document to send it as CDR', () => {
    expect(
      refusal(
        '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"/>',
      ),
    ).toEqual({
      code: 'unsupported_type',
      message:
        'El archivo es una constancia de recepción (CDR), no un comprobante: envíela como CDR junto con el XML del comprobante.',
    });
  });
});

describe('namespaces', () => {
  const baseline = parseUblDocument(syntheticInvoice());

  it('match by URI whatever the prefixes', () => {
    const rename = (xml: string, from: string, to: string): string =>
      xml
        .replaceAll(`<${from}:`, `<${to}:`)
        .replaceAll(`</${from}:`, `</${to}:`)
        .replace(`xmlns:${from}=`, `xmlns:${to}=`);
    const renamed = rename(
      rename(rename(syntheticInvoice(), 'cbc', 'basic'), 'cac', 'agg'),
      'ds',
      'sig',
    );
    expect(renamed).toContain('<basic:ID>');
    expect(parseUblDocument(renamed)).toEqual(baseline);
  });

  it('match a component namespace made the default one', () => {
    const defaulted = syntheticInvoice()
      .replace(
        'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
        'xmlns:inv="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
      )
      .replace('<Invoice ', '<inv:Invoice ')
      .replace('</Invoice>', '</inv:Invoice>')
      .replace('xmlns:cbc=', 'xmlns=')
      .replaceAll('cbc:', '');
    expect(defaulted).toContain('<ID>F001-00000123</ID>');
    expect(parseUblDocument(defaulted)).toEqual(baseline);
  });

  it('ignore an element with the right name in another namespace', () => {
    const foreign = syntheticInvoice({ id: '<x:ID xmlns:x="urn:example">F001-1</x:ID>' });
    expect(refusal(foreign).code).toBe('missing_field');
  });
});

describe('text', () => {
  it('decodes predefined entities and character references', () => {
    const document = parseUblDocument(
      syntheticInvoice({
        supplier: supplier(
          '<cbc:ID schemeID="6">20606433094</cbc:ID>',
          '<cbc:RegistrationName>A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos; PEQUE&#209;A &#x00D3;</cbc:RegistrationName>',
        ),
      }),
    );
    expect(document.issuer.name).toBe('A & B <C> "D" \'E\' PEQUEÑA Ó');
  });

  it('uses a string as it is, after a leading byte order mark', () => {
    expect(parseUblDocument(`\uFEFF${syntheticInvoice()}`).id).toBe('F001-00000123');
  });
});

describe('size', () => {
  it('honours a smaller maxBytes', () => {
    expect(() => parseUblDocument(syntheticInvoice(), { maxBytes: 1024 })).toThrow(
      'El archivo supera el tamaño máximo de 1 KB.',
    );
  });
});
