import { parseSunatDocument, type WithholdingReceipt } from '@sufel/ubl';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../test/read-pdf.js';
import { buildPrintedWithholding } from './build-printed-withholding.js';
import { renderPrintedDocument } from './render-printed-document.js';

function receipt(file: string): WithholdingReceipt {
  const xml = readFileSync(new URL(`../../ubl/test/fixtures/${file}`, import.meta.url));
  const document = parseSunatDocument(xml);
  if (document.type !== '20' && document.type !== '40') throw new Error(`read as ${document.type}`);
  return document;
}

const retention = receipt('20606433094-20-R001-1.xml');
const perception = receipt('20552187343-40-P001-7.xml');

describe('the printed retention and perception receipts', () => {
  it('names the supplier retained from, the regime, and the totals retained and paid', () => {
    const printed = buildPrintedWithholding(retention, { qrText: 'qr' });
    expect(printed.title).toBe('COMPROBANTE DE RETENCIÓN ELECTRÓNICO');
    expect(printed.number).toBe('R001-1');
    expect(printed.customer).toEqual([
      { label: 'Proveedor', value: 'CHARACATO EXPRESS S.R.L.' },
      { label: 'Documento', value: 'RUC 20454738056' },
    ]);
    expect(printed.details).toEqual([
      { label: 'Fecha de emisión', value: '27/11/2024' },
      { label: 'Régimen', value: 'Tasa 3 %' },
      { label: 'Tasa', value: '3.00 %' },
      { label: 'Moneda', value: 'SOLES' },
    ]);
    expect(printed.covered).toEqual([
      {
        number: '1',
        document: 'Factura F001-1',
        issueDate: '25/11/2024',
        total: 'S/ 1,000.00',
        date: '27/11/2024',
        amount: '30.00',
        netTotal: '970.00',
      },
    ]);
    expect(printed.totals).toEqual([
      { label: 'Total pagado', amount: '970.00' },
      { label: 'Total retenido', amount: '30.00' },
    ]);
    expect(printed.verification[0]).toBe(
      'Representación impresa del COMPROBANTE DE RETENCIÓN ELECTRÓNICO',
    );
    expect(printed.amountInWords).toBe('SON: TREINTA CON 00/100 SOLES');
  });

  it('prints a perception receipt with the customer and each document it covers', async () => {
    const bytes = await renderPrintedDocument(perception, { qrText: 'x|' });
    const { text } = await readPdfText(bytes);
    for (const expected of [
      'COMPROBANTE DE PERCEPCIÓN ELECTRÓNICO',
      'P001-7',
      'Cliente',
      'DISTRIBUIDORA LOS ANDES S.A.C.',
      'Percepción venta interna (2 %)',
      'Comprobante',
      'Total percibido',
      '205.60',
      'US$ 1,180.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Descripción');
  });
});
