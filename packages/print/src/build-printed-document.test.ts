import { describe, expect, it } from 'vitest';
import {
  boletaToDni,
  creditNote,
  detractionInvoice,
  sunatQrText,
} from '../test/sample-documents.js';
import { buildPrintedDocument } from './build-printed-document.js';

describe('buildPrintedDocument', () => {
  it('titles the document by its type and keeps the number as written', () => {
    const printed = buildPrintedDocument(creditNote(), { qrText: 'qr' });
    expect(printed.title).toBe('NOTA DE CRÉDITO ELECTRÓNICA');
    expect(printed.number).toBe('FC01-00000211');
    expect(printed.currencySymbol).toBe('S/');
  });

  it('describes the customer and the document dates, currency and payment', () => {
    const printed = buildPrintedDocument(detractionInvoice(), { qrText: 'qr' });
    expect(printed.customer).toEqual([
      { label: 'Señor(es)', value: 'COCA-COLA SERVICIOS DE PERU S.A' },
      { label: 'Documento', value: 'RUC 20415932376' },
      { label: 'Dirección', value: 'AV. REPÚBLICA DE PANAMÁ 4050, SURQUILLO - LIMA' },
    ]);
    expect(printed.details).toEqual([
      { label: 'Fecha de emisión', value: '25/11/2024' },
      { label: 'Fecha de vencimiento', value: '10/12/2024' },
      { label: 'Moneda', value: 'SOLES' },
      { label: 'Forma de pago', value: 'Contado' },
    ]);
  });

  it('names an anonymous buyer and leaves out placeholder numbers', () => {
    const doc = boletaToDni();
    doc.customer = { documentType: '-', documentNumber: '-', name: 'CLIENTES VARIOS', address: '' };
    expect(buildPrintedDocument(doc, { qrText: 'qr' }).customer).toEqual([
      { label: 'Señor(es)', value: 'CLIENTES VARIOS' },
      { label: 'Documento', value: 'Sin documento' },
    ]);
    doc.customer.documentNumber = '4943823';
    expect(buildPrintedDocument(doc, { qrText: 'qr' }).customer[1]?.value).toBe(
      'Sin documento (4943823)',
    );
  });

  it('shows a trade name only when it differs from the legal name', () => {
    const doc = detractionInvoice();
    doc.issuer.tradeName = 'gaspersoft eirl';
    expect(buildPrintedDocument(doc, { qrText: 'qr' }).issuer.tradeName).toBeNull();
    doc.issuer.tradeName = 'GASPERSOFT';
    expect(buildPrintedDocument(doc, { qrText: 'qr' }).issuer.tradeName).toBe('GASPERSOFT');
  });

  it('states what a note modifies; an invoice has no reference', () => {
    expect(buildPrintedDocument(creditNote(), { qrText: 'qr' }).reference).toEqual([
      { label: 'Documento que modifica', value: 'F001-4355' },
      { label: 'Tipo de documento', value: 'FACTURA ELECTRÓNICA' },
      { label: 'Motivo', value: '07 - Devolución por ítem' },
      { label: 'Sustento', value: 'Unidades defectuosas, no leen CD que contengan archivos MP3' },
    ]);
    expect(buildPrintedDocument(detractionInvoice(), { qrText: 'qr' }).reference).toBeNull();
  });

  it('writes the payable total in words and replaces the XML legend 1000 with it', () => {
    const printed = buildPrintedDocument(detractionInvoice(), { qrText: 'qr' });
    expect(printed.amountInWords).toBe('SON: MIL CIENTO OCHENTA CON 00/100 SOLES');
    expect(printed.notes).toEqual(['Operación sujeta a detracción']);
  });

  it('rounds a payable total with more than two decimals before wording it', () => {
    const doc = detractionInvoice();
    doc.totals.payable = '1180.005';
    expect(buildPrintedDocument(doc, { qrText: 'qr' }).amountInWords).toBe(
      'SON: MIL CIENTO OCHENTA CON 01/100 SOLES',
    );
  });

  it('lines up the verification text: legend, digest, consultation, SUNAT answer', () => {
    const doc = detractionInvoice();
    const printed = buildPrintedDocument(doc, {
      qrText: sunatQrText(doc),
      consultUrl: 'https://sufel.example.pe',
      sunat: {
        code: '4252',
        description: 'La Factura numero F001-3, ha sido aceptada',
        observations: ['4252 - El dato ingresado como atributo @listName es incorrecto'],
      },
      voided: true,
    });
    expect(printed.verification).toEqual([
      'Representación impresa de la FACTURA ELECTRÓNICA',
      'Resumen: Er333++127R4zFd4wOv27Rh4ZyEGpE42CT95ZCBsmnA=',
      'Consulte su documento en: https://sufel.example.pe',
      'Respuesta SUNAT: 4252 - La Factura numero F001-3, ha sido aceptada',
      'Observación: 4252 - El dato ingresado como atributo @listName es incorrecto',
    ]);
    expect(printed.voided).toBe(true);
    expect(printed.qrText).toBe(sunatQrText(doc));
  });

  it('prints no digest for an unsigned document', () => {
    const doc = detractionInvoice();
    doc.signature = { present: false, digestValue: 'stale' };
    expect(buildPrintedDocument(doc, { qrText: 'qr' }).verification).toEqual([
      'Representación impresa de la FACTURA ELECTRÓNICA',
    ]);
  });

  it('refuses a document type it cannot title', () => {
    const doc = { ...detractionInvoice(), type: '09' } as unknown as ReturnType<
      typeof detractionInvoice
    >;
    expect(() => buildPrintedDocument(doc, { qrText: 'qr' })).toThrow('"09"');
  });
});
