import { formatSunatQr } from '@sufel/ubl/qr';
import { describe, expect, it } from 'vitest';
import { proofFromQr } from './qr-proof';

describe('proofFromQr', () => {
  it('turns a SUNAT QR into the data of a consultation', () => {
    const text = formatSunatQr({
      ruc: '20606433094',
      tipo: '01',
      serie: 'F001',
      numero: '3',
      igv: '180.00',
      total: '1180.00',
      fecha: '2024-11-25',
      clienteTipo: '6',
      clienteDoc: '20415932376',
    });
    expect(proofFromQr(text)).toEqual({
      emisor: '20606433094',
      tipo: '01',
      documento: 'F001-3',
      fecha: '2024-11-25',
      total: '1180.00',
    });
  });

  it('reads the QRs printed in the wild: padding, spaces, Peruvian dates', () => {
    expect(
      proofFromQr(' 20100454523 | 3 | b001 | 00003652 | 253.31 | 1,660.60 | 14/05/2017 |'),
    ).toEqual({
      emisor: '20100454523',
      tipo: '03',
      documento: 'B001-3652',
      fecha: '2017-05-14',
      total: '1660.60',
    });
  });

  it('refuses documents the portal does not publish, such as a guía de remisión', () => {
    expect(proofFromQr('20606433094|09|T001|5|0.00|0.00|2024-11-25|')).toBeNull();
  });

  it('refuses any other QR', () => {
    expect(proofFromQr('WIFI:S:oficina;T:WPA;P:secreto;;')).toBeNull();
    expect(proofFromQr('https://example.com/factura/123')).toBeNull();
  });
});
