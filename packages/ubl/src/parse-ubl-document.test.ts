import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureLatin1, fixtureText, latin1Bytes } from '../test/fixtures.js';
import { parseUblDocument } from './parse-ubl-document.js';

/** Field by field reading of representative real documents. */

describe('a UBL 2.1 factura with taxed, exonerated and free lines (20606433094-01-F001-4)', () => {
  const document = parseUblDocument(fixtureBytes('20606433094-01-F001-4.xml'));

  it('reads the header', () => {
    expect(document).toMatchObject({
      ublVersion: '2.1',
      type: '01',
      id: 'F001-4',
      series: 'F001',
      number: '4',
      issueDate: '2024-11-26',
      issueTime: '02:07:18',
      dueDate: null,
      currency: 'PEN',
      issuer: {
        ruc: '20606433094',
        name: 'GASPERSOFT EIRL',
        tradeName: null,
        address:
          'CAL. LOS LIRIOS INT. 20 LT. 1 MZ. B URB. MONTEGRANDE, PUENTE PIEDRA - LIMA - LIMA',
      },
      customer: {
        documentType: '6',
        documentNumber: '20415932376',
        name: 'COCA-COLA SERVICIOS DE PERU S.A',
        address: null,
      },
      reference: null,
    });
  });

  it('reads the totals, the global allowance included', () => {
    expect(document.totals).toEqual({
      lineExtension: '361199.16',
      taxExclusive: null,
      taxInclusive: '423875.00',
      allowance: '650.00',
      charge: null,
      prepaid: null,
      tax: '62675.85',
      payable: '423225.00',
    });
  });

  it('reads one subtotal per tax: IGV, exonerated and free', () => {
    expect(document.taxes).toEqual([
      { code: '1000', name: 'IGV', taxableAmount: '348199.15', amount: '62675.85' },
      { code: '9997', name: 'EXO', taxableAmount: '13000.00', amount: '0.00' },
      { code: '9996', name: 'GRA', taxableAmount: '150.00', amount: '0.00' },
    ]);
  });

  it('reads every line', () => {
    expect(document.lines).toHaveLength(5);
    expect(document.lines[0]).toEqual({
      id: '1',
      code: 'GLG199',
      description: 'GRABADORA LG EXTERNO MODELO: GE20LU10',
      quantity: '2000.0000000000',
      unitCode: 'NIU',
      unitValue: '83.0508474576',
      unitPrice: '88.2000000000',
      lineTotal: '149491.53',
      taxAmount: '26908.47',
      taxExemptionCode: '10',
      free: false,
    });
    expect(document.lines[2]).toMatchObject({
      taxExemptionCode: '20',
      taxAmount: '0.00',
      free: false,
    });
  });

  it('marks the line given away (affectation 31, reference value 02) as free', () => {
    expect(document.lines[4]).toEqual({
      id: '5',
      code: 'WCG01',
      description: 'WEB CAM GENIUS ISLIM 310',
      quantity: '5.0000000000',
      unitCode: 'NIU',
      unitValue: '0.0000000000',
      unitPrice: null,
      lineTotal: '150.00',
      taxAmount: '0.00',
      taxExemptionCode: '31',
      free: true,
    });
  });

  it('reads the cash payment and the signature', () => {
    expect(document.payment).toEqual({
      method: 'Contado',
      pendingAmount: null,
      installments: [],
      detraction: null,
      perception: null,
      retention: null,
    });
    expect(document.signature).toEqual({
      present: true,
      digestValue: 'kuGBkWi57uTwaoxUnyFHfx1BhJfmPmecze5I4ePaHr4=',
    });
  });
});

describe('a UBL 2.1 factura with detraction (20606433094-01-F001-3)', () => {
  const document = parseUblDocument(fixtureBytes('20606433094-01-F001-3.xml'));

  it('reads its ISO-8859-1 legend with the accents intact', () => {
    expect(document.notes).toEqual([{ code: '2006', text: 'Operación sujeta a detracción' }]);
  });
});

describe('a UBL 2.1 boleta with the plastic bag tax (20606433094-03-B001-2)', () => {
  const document = parseUblDocument(fixtureBytes('20606433094-03-B001-2.xml'));

  it('reads ICBPER as a tax of its own', () => {
    expect(document.taxes).toEqual([
      { code: '1000', name: 'IGV', taxableAmount: '9.32', amount: '1.68' },
      { code: '7152', name: 'ICBPER', taxableAmount: null, amount: '0.50' },
    ]);
  });

  it('counts IGV and ICBPER in the tax of the bag line', () => {
    expect(document.lines[1]).toMatchObject({ description: 'BOLSA GRANDE', taxAmount: '0.65' });
  });
});

describe('a boleta with a negative discount line (20606433094-03-B001-3-negativos)', () => {
  const document = parseUblDocument(fixtureBytes('20606433094-03-B001-3-negativos.xml'));

  it('reads the negative line amounts and tax', () => {
    expect(document.lines[3]).toMatchObject({
      description: 'DESCUENTO POR PROMOCION',
      lineTotal: '-46.89',
      unitValue: '-46.8900000000',
      unitPrice: '-55.3300000000',
      taxAmount: '-8.44',
    });
  });

  it('keeps the payable total, reached after a negative rounding', () => {
    expect(document.totals).toMatchObject({
      lineExtension: '1360.39',
      allowance: '0.00',
      tax: '244.87',
      payable: '1605.20',
    });
  });
});

describe('a UBL 2.1 credit note on credit with installments (20606433094-07-F001-1)', () => {
  const document = parseUblDocument(fixtureBytes('20606433094-07-F001-1.xml'));

  it('reads the modified document and the reason', () => {
    expect(document.reference).toEqual({
      type: '01',
      documentNumber: 'F001-1',
      reasonCode: '13',
      reason: 'AMPLIACION DE LA FECHA DE PAGO',
    });
  });

  it('reads the installments', () => {
    expect(document.payment).toEqual({
      method: 'Credito',
      pendingAmount: '118.00',
      installments: [
        { id: 'Cuota001', amount: '59.00', dueDate: '2024-12-19' },
        { id: 'Cuota002', amount: '59.00', dueDate: '2024-12-19' },
      ],
      detraction: null,
      perception: null,
      retention: null,
    });
  });

  it('reads credited quantities as line quantities', () => {
    expect(document.lines).toEqual([
      expect.objectContaining({ id: '1', quantity: '1.0000000000', unitPrice: null }),
    ]);
  });
});

describe('a UBL 2.1 factura in USD on credit (1_FACTURA_CREDITO_02_CUOTAS, RUCs unmasked)', () => {
  const text = fixtureText('1_FACTURA_CREDITO_02_CUOTAS.xml').replaceAll(
    'XXXXXXXXXXX',
    '20100070970',
  );
  const document = parseUblDocument(text);

  it('reads the free note, the pending amount and both installments', () => {
    expect(document.currency).toBe('USD');
    expect(document.notes).toEqual([{ code: null, text: 'Observaciones del comprobante' }]);
    expect(document.payment).toEqual({
      method: 'Credito',
      pendingAmount: '720.00',
      installments: [
        { id: 'Cuota001', amount: '370.71', dueDate: '2022-01-31' },
        { id: 'Cuota002', amount: '359.00', dueDate: '2022-02-28' },
      ],
      detraction: null,
      perception: null,
      retention: null,
    });
  });

  it('takes the trade name from PartyName', () => {
    expect(document.issuer).toMatchObject({
      name: 'AAAAAAAAAAAAAAAAAAAAAAAAA',
      tradeName: 'AAAAAAAAAAAAAAAAAAAAAAA',
    });
  });
});

describe('a UBL 2.1 factura with values wrapped over lines (20441053658-01-F001-2)', () => {
  const document = parseUblDocument(fixtureBytes('20441053658-01-F001-2.xml'));

  it('trims codes and identifiers and keeps the amount-in-words legend', () => {
    expect(document.type).toBe('01');
    expect(document.currency).toBe('PEN');
    expect(document.issuer.ruc).toBe('20441053658');
    expect(document.customer.documentNumber).toBe('20536624636');
    expect(document.notes).toEqual([{ code: '1000', text: 'monto en letras' }]);
  });

  it('makes a description written over two lines one line', () => {
    expect(document.lines[0]!.description).toBe(
      'ARRENDAMIENTO DE UN AREA DE DE 80 M2 EN SALAS CON LEGUIA 1540 Y LEGUIA 1550 - CHICLAYO, SEGUN CONTRATO DEL 2014, CORRESPONDIENTE AL MES DE OCTUBRE 2018',
    );
    expect(document.lines[0]!.unitPrice).toBe('2000');
  });
});

describe('an early UBL 2.1 draft credit note (20100454523-07-FC01-211)', () => {
  const document = parseUblDocument(fixtureBytes('20100454523-07-FC01-211.xml'));

  it('reads the parties from PartyTaxScheme', () => {
    expect(document.issuer).toEqual({
      ruc: '20100454523',
      name: 'Soporte Tecnológicos EIRL',
      tradeName: 'Tu Soporte',
      address: null,
    });
    expect(document.customer).toEqual({
      documentType: '6',
      documentNumber: '20587896411',
      name: 'Servicabinas S.A.',
      address: null,
    });
  });

  it('reads its empty signature as unsigned, and the reason on one line', () => {
    expect(document.signature).toEqual({ present: false, digestValue: null });
    expect(document.reference).toEqual({
      type: '01',
      documentNumber: 'FC01-4355',
      reasonCode: '07',
      reason: 'Unidades defectuosas, no leen CD que contengan archivos MP3',
    });
  });
});

describe('a UBL 2.0 factura from the SUNAT portal (20603355519-01-E001-170)', () => {
  const document = parseUblDocument(fixtureBytes('20603355519-01-E001-170.xml'));

  it('trims names padded inside CDATA', () => {
    expect(document.issuer.name).toBe('NEGOCIOS S.A.C.');
    expect(document.issuer.tradeName).toBeNull();
    expect(document.customer.name).toBe(
      'MENDOTZA SOLUTION SOCIEDAD ANONIMA CERRADA - MENDOTZA SOLUTION S.A.C.',
    );
  });

  it('reads ISC, IGV with the taxed base of additional total 1001, and other taxes', () => {
    expect(document.taxes).toEqual([
      { code: '2000', name: 'ISC', taxableAmount: null, amount: '0.00' },
      { code: '1000', name: 'IGV', taxableAmount: '5698.00', amount: '1025.64' },
      { code: '9999', name: 'OTROS', taxableAmount: null, amount: '0.00' },
    ]);
    expect(document.totals.tax).toBe('1025.64');
  });

  it('adds up the tax totals of a line and keeps the time without fractions', () => {
    expect(document.lines[0]).toMatchObject({ taxAmount: '1025.64', unitPrice: '6723.64' });
    expect(document.issueTime).toBe('17:17:07');
  });

  it('reads the free note and the legend of AdditionalProperty 1000', () => {
    expect(document.notes).toEqual([
      {
        code: null,
        text: 'OPERACION SUJETA A DETRACCION 10 % CTA BANCO DE LA NACION 00-024-080773 //////////// CTA. SOLES DEL BBVA 0011-0148-0100053344',
      },
      { code: '1000', text: 'SON: SEIS MIL SETECIENTOS VEINTITRES Y 64/100 SOLES' },
    ]);
  });
});

describe('UBL 2.0 additional monetary totals', () => {
  it('turn exonerated and free bases into subtotals (20600995805-03-B001-1)', () => {
    const document = parseUblDocument(fixtureBytes('20600995805-03-B001-1.xml'));
    expect(document.taxes).toEqual([
      { code: '1000', name: 'IGV', taxableAmount: '268650.85', amount: '48357.15' },
      { code: '9997', name: 'EXO', taxableAmount: '12258.81', amount: '0.00' },
      { code: '9996', name: 'GRA', taxableAmount: '48357.15', amount: '0.00' },
    ]);
    expect(document.lines[2]).toMatchObject({ taxExemptionCode: '20', free: false });
  });

  it('turn an unaffected base into a subtotal and leave zero bases out (20338570041-08-BB99-00370)', () => {
    const document = parseUblDocument(fixtureBytes('20338570041-08-BB99-00370.xml'));
    expect(document.taxes).toEqual([
      { code: '1000', name: 'IGV', taxableAmount: '0.00', amount: '0.00' },
      { code: '9998', name: 'INA', taxableAmount: '100.00', amount: '0.00' },
    ]);
  });

  it('give the detraction amount, percent, goods code and account (20600055519-01-FF60-4)', () => {
    const document = parseUblDocument(fixtureBytes('20600055519-01-FF60-4.xml'));
    expect(document.payment).toEqual({
      method: null,
      pendingAmount: null,
      installments: [],
      detraction: {
        code: '004',
        percent: '9.00',
        amount: '2208.96',
        account: '192-99982-1',
        paymentMeansCode: null,
        legendOnly: false,
      },
      perception: null,
      retention: null,
    });
    expect(document.taxes).toEqual([
      { code: '1000', name: 'IGV', taxableAmount: '500', amount: '90.00' },
    ]);
    expect(document.notes).toEqual([
      { code: '1000', text: 'MONTO EN LETRAS' },
      { code: '3000', text: '004' },
      { code: '3001', text: '192-99982-1' },
    ]);
  });

  it('read the anonymous export customer (20600055519-01-FF70-63641764)', () => {
    const document = parseUblDocument(fixtureBytes('20600055519-01-FF70-63641764.xml'));
    expect(document.customer).toEqual({
      documentType: '0',
      documentNumber: '-',
      name: 'SUPER COMPANY',
      address: null,
    });
  });
});

describe('a UBL 2.0 debit note declared ISO-8859-1 but written in UTF-8 (20600995805-08-F001-0005)', () => {
  const document = parseUblDocument(fixtureBytes('20600995805-08-F001-0005.xml'));

  it('reads the reason and the description without mojibake', () => {
    expect(document.reference).toEqual({
      type: '01',
      documentNumber: 'F001-4355',
      reasonCode: '02',
      reason: 'Ampliación garantía de memoria DDR-3 B1333 Kingston',
    });
    expect(document.lines[0]!.description).toBe(
      'Ampliación de garantía de 6 a 12 meses de Memoria DDR-3 B1333 Kingston',
    );
  });

  it('reads its total from RequestedMonetaryTotal', () => {
    expect(document.totals.payable).toBe('1250.00');
    expect(document.lines[0]).toMatchObject({
      quantity: '1',
      unitCode: 'ZZ',
      taxExemptionCode: '20',
    });
  });
});

describe('the 2014 SUNAT example with a BOM, an ISO-8859-1 declaration and CRLF (FacturaF14)', () => {
  const bytes = latin1Bytes(
    fixtureLatin1('FacturaF14.xml').replaceAll('XXXXXXXXXX', '20100070970'),
  );

  it('reads the document once its placeholder RUCs are filled in', () => {
    const document = parseUblDocument(bytes);
    expect(document).toMatchObject({ ublVersion: '2.0', id: 'FF14-01', currency: 'PEN' });
    expect(document.totals).toMatchObject({ allowance: '32372.88', payable: '343800.00' });
    expect(document.notes).toEqual([
      { code: '1000', text: 'TRESCIENTOS CUARENTA Y TRES MIL OCHOCIENTOS Y 00/100' },
    ]);
    expect(document.lines.map((line) => line.description)).toEqual(['Articulo 1', 'Articulo 2']);
  });
});

describe('the debit note with replacement characters (20338570041-08-FB99-00230)', () => {
  it('keeps an absurd but well-formed total exactly', () => {
    const document = parseUblDocument(fixtureBytes('20338570041-08-FB99-00230.xml'));
    expect(document.totals.payable).toBe('655555555560.6');
    expect(document.currency).toBe('USD');
  });
});
