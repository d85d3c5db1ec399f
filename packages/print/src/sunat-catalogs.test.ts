import { describe, expect, it } from 'vitest';
import {
  detractionGoodText,
  documentTypeName,
  identityDocumentLabel,
  noteReasonText,
  unitName,
} from './sunat-catalogs.js';

describe('SUNAT catalogue names', () => {
  it('labels identity documents (catalogue 06)', () => {
    expect(['6', '1', '4', '7', '-', '0', 'a'].map(identityDocumentLabel)).toEqual([
      'RUC',
      'DNI',
      'CE',
      'Pasaporte',
      'Sin documento',
      'Doc. trib. no domiciliado sin RUC',
      'Cédula diplomática',
    ]);
    expect(identityDocumentLabel('9')).toBe('Doc. tipo 9');
  });

  it('names the reasons of credit (catalogue 09) and debit (catalogue 10) notes', () => {
    expect(noteReasonText('07', '01')).toBe('01 - Anulación de la operación');
    expect(noteReasonText('07', '13')).toBe('13 - Ajustes - montos y/o fechas de pago');
    expect(noteReasonText('08', '01')).toBe('01 - Intereses por mora');
    expect(noteReasonText('08', '13')).toBe('13');
  });

  it('names modified documents, detraction services and units', () => {
    expect(documentTypeName('03')).toBe('BOLETA DE VENTA ELECTRÓNICA');
    expect(documentTypeName('12')).toBe('Documento tipo 12');
    expect(detractionGoodText('022')).toBe('022 - Otros servicios empresariales');
    expect(detractionGoodText('099')).toBe('099');
    expect(['NIU', 'ZZ', 'kgm', '4A', 'XQ1'].map(unitName)).toEqual([
      'UNIDAD',
      'SERVICIO',
      'KILOGRAMO',
      'BOBINA',
      'XQ1',
    ]);
  });
});
