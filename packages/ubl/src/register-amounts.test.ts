import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test/fixtures.js';
import { parseUblDocument } from './parse-ubl-document.js';
import { registerAmountsOf } from './register-amounts.js';

function amountsOf(name: string) {
  return registerAmountsOf(parseUblDocument(fixtureBytes(name)));
}

describe('registerAmountsOf', () => {
  it('splits a factura with taxed, exonerated and free lines and a global discount', () => {
    expect(amountsOf('20606433094-01-F001-4.xml')).toEqual({
      taxedBase: '348199.15',
      exonerated: '13000.00',
      unaffected: '0.00',
      free: '150.00',
      igv: '62675.85',
      isc: '0.00',
      icbper: '0.00',
      otherCharges: '0.00',
      discounts: '650.00',
      payable: '423225.00',
      currency: 'PEN',
      dueDate: null,
      reference: null,
    });
  });

  it('keeps negative line, tax and rounding amounts of a document SUNAT accepted', () => {
    expect(amountsOf('20606433094-03-B001-3-negativos.xml')).toMatchObject({
      taxedBase: '1360.40',
      free: '4.80',
      igv: '244.87',
      discounts: '0.00',
      payable: '1605.20',
    });
  });

  it('reads the unaffected base of a UBL 2.0 note from its additional totals', () => {
    expect(amountsOf('20338570041-08-BB99-00370.xml')).toMatchObject({
      taxedBase: '0.00',
      unaffected: '100.00',
      payable: '100.00',
      reference: { type: '03', series: 'BG99', number: '1149', reasonCode: '02' },
    });
  });

  it('gives a credit note the document it modifies, its reason and the instalment due date', () => {
    expect(amountsOf('20606433094-07-F001-1.xml')).toMatchObject({
      payable: '0.00',
      dueDate: '2024-12-19',
      reference: {
        type: '01',
        series: 'F001',
        number: '1',
        reasonCode: '13',
        reason: 'AMPLIACION DE LA FECHA DE PAGO',
      },
    });
  });

  it('keeps a reference number that has no series-number shape as written', () => {
    expect(amountsOf('20000000001-07-F001-1.xml').reference).toMatchObject({
      type: '01',
      series: '1',
      number: '201',
    });
  });
});
