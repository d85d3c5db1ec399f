import { describe, expect, it } from 'vitest';
import {
  cdrFileName,
  documentFileName,
  downloadFileName,
  isZipMediaType,
  printedSeriesNumber,
} from './document-types.js';
import { unitName } from './unit-codes.js';

const doc = { emisor: '20338570041', tipo: '08', serie: 'FB99', correlativo: '230' };

describe('document names', () => {
  it('shows the number as printed, and without zeros when the printed form is unknown', () => {
    expect(printedSeriesNumber({ ...doc, correlativo_impreso: '00230' })).toBe('FB99-00230');
    expect(printedSeriesNumber(doc)).toBe('FB99-230');
  });

  it("names SUNAT's answer as SUNAT does, by what was sent", () => {
    expect(cdrFileName(doc, true)).toBe('R-20338570041-08-FB99-230.zip');
    expect(cdrFileName(doc, false)).toBe('R-20338570041-08-FB99-230.xml');
    expect(documentFileName(doc, 'pdf')).toBe('20338570041-08-FB99-230.pdf');
  });

  it('tells a ZIP by its media type', () => {
    expect(['application/zip', 'application/x-zip-compressed'].map(isZipMediaType)).toEqual([
      true,
      true,
    ]);
    expect(['text/xml', 'application/xml', ''].map(isZipMediaType)).toEqual([false, false, false]);
  });
});

describe('catalogue 03 units', () => {
  it('names units as Peruvian documents print them, and leaves unknown codes as sent', () => {
    expect(['NIU', 'zz', ' KGM ', 'BX', 'LTR', 'MTK', 'XQ1'].map(unitName)).toEqual([
      'UNIDAD',
      'SERVICIO',
      'KILOGRAMO',
      'CAJA',
      'LITRO',
      'M2',
      'XQ1',
    ]);
  });
});

describe('download names', () => {
  it('never saves the CDR as .cdr', () => {
    expect(downloadFileName(doc, 'cdr', 'application/zip')).toBe('R-20338570041-08-FB99-230.zip');
    expect(downloadFileName(doc, 'cdr', 'text/xml')).toBe('R-20338570041-08-FB99-230.xml');
    expect(downloadFileName(doc, 'xml', 'text/xml')).toBe('20338570041-08-FB99-230.xml');
  });
});
