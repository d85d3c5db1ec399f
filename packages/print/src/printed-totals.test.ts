import { describe, expect, it } from 'vitest';
import { boletaToDni, detractionInvoice } from '../test/sample-documents.js';
import { printedTotals } from './printed-totals.js';

describe('printedTotals', () => {
  it('lists the totals present in the order of a Peruvian invoice, payable last', () => {
    expect(printedTotals(boletaToDni())).toEqual([
      { label: 'Op. gravadas', amount: '1,407.29' },
      { label: 'Op. gratuitas', amount: '4.80' },
      { label: 'Descuentos', amount: '74.07' },
      { label: 'IGV', amount: '253.31' },
      { label: 'Importe total', amount: '1,660.60' },
    ]);
  });

  it('sums repeated subtotals of a tax exactly, negative ones included', () => {
    const doc = boletaToDni();
    doc.taxes = [
      { code: '1000', name: 'IGV', taxableAmount: '1407.29', amount: '253.31' },
      { code: '1000', name: 'IGV', taxableAmount: '-46.89', amount: '-8.44' },
      { code: '9999', name: 'OTROS', taxableAmount: null, amount: '-0.07' },
    ];
    expect(printedTotals(doc)).toEqual(
      expect.arrayContaining([
        { label: 'Op. gravadas', amount: '1,360.40' },
        { label: 'IGV', amount: '244.87' },
        { label: 'Otros tributos', amount: '-0.07' },
      ]),
    );
  });

  it('covers every tax of catalogue 05 and the document-level charges', () => {
    const doc = detractionInvoice();
    doc.taxes = [
      { code: '9995', name: 'EXP', taxableAmount: '50.00', amount: '0.00' },
      { code: '9997', name: 'EXO', taxableAmount: '13000.00', amount: '0.00' },
      { code: '9998', name: 'INA', taxableAmount: '20.00', amount: '0.00' },
      { code: '2000', name: 'ISC', taxableAmount: '100.00', amount: '17.00' },
      { code: '7152', name: 'ICBPER', taxableAmount: null, amount: '0.50' },
      { code: '9999', name: 'OTROS', taxableAmount: null, amount: '3.00' },
      { code: '1016', name: 'IVAP', taxableAmount: '200.00', amount: '8.00' },
    ];
    doc.totals = { ...doc.totals, charge: '5.00', prepaid: '100.00', payable: '13303.50' };
    expect(printedTotals(doc).map((row) => `${row.label} ${row.amount}`)).toEqual([
      'Op. gravadas IVAP 200.00',
      'Op. exoneradas 13,000.00',
      'Op. inafectas 20.00',
      'Op. exportación 50.00',
      'ISC 17.00',
      'IVAP 8.00',
      'ICBPER 0.50',
      'Otros tributos 3.00',
      'Otros cargos 5.00',
      'Anticipos 100.00',
      'Importe total 13,303.50',
    ]);
  });

  it('adds up repeated subtotals of one tax and leaves out zeros', () => {
    const doc = detractionInvoice();
    doc.taxes = [
      { code: '1000', name: 'IGV', taxableAmount: '1000.00', amount: '180.00' },
      { code: '1000', name: 'IGV', taxableAmount: '500.50', amount: '90.09' },
      { code: '9998', name: 'INA', taxableAmount: '0.00', amount: '0.00' },
    ];
    doc.totals = { ...doc.totals, allowance: '0.00', payable: '1770.59' };
    expect(printedTotals(doc)).toEqual([
      { label: 'Op. gravadas', amount: '1,500.50' },
      { label: 'IGV', amount: '270.09' },
      { label: 'Importe total', amount: '1,770.59' },
    ]);
  });

  it('always prints the payable total, even when it is zero', () => {
    const doc = detractionInvoice();
    doc.taxes = [];
    doc.totals = { ...doc.totals, payable: '0.00' };
    expect(printedTotals(doc)).toEqual([{ label: 'Importe total', amount: '0.00' }]);
  });
});
