import type { UblDocument } from '@sufel/ubl';
import { describe, expect, it } from 'vitest';
import { openPdf, readPdfText } from '../test/read-pdf.js';
import { decodeQr, errorCorrectionLevel, qrMatrixOnPage } from '../test/read-qr.js';
import {
  boletaToDni,
  creditNote,
  debitNote,
  detractionInvoice,
  longInvoice,
  sunatQrText,
  usdCreditInvoice,
} from '../test/sample-documents.js';
import type { PrintOptions } from './print-options.js';
import { CUT_MARK, PRINT_LIMITS } from './printed-text-limits.js';
import { renderPrintedDocument } from './render-printed-document.js';

async function render(doc: UblDocument, options: Partial<PrintOptions> = {}) {
  const bytes = await renderPrintedDocument(doc, { qrText: sunatQrText(doc), ...options });
  return { bytes, ...(await readPdfText(bytes)) };
}

describe('renderPrintedDocument', () => {
  it('writes an A4 PDF', async () => {
    const bytes = await renderPrintedDocument(detractionInvoice(), { qrText: 'x|' });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await openPdf(bytes);
    const page = await pdf.getPage(1);
    expect(page.view.map((value) => Math.round(value))).toEqual([0, 0, 595, 842]);
    await pdf.destroy();
  });

  it('prints a factura with issuer, customer, dates, lines, totals and legends', async () => {
    const { text, pageCount, pages } = await render(detractionInvoice(), {
      consultUrl: 'https://sufel.example.pe/document/login',
      sunat: { code: '0', description: 'La Factura numero F001-3, ha sido aceptada' },
    });
    expect(pageCount).toBe(1);
    expect(pages[0]).toContain('Página 1 de 1');
    for (const expected of [
      'GASPERSOFT EIRL',
      'CAL. LOS LIRIOS INT. 20 LT. 1 MZ. B URB. MONTEGRANDE, PUENTE PIEDRA - LIMA - LIMA',
      'R.U.C. N° 20606433094',
      'FACTURA ELECTRÓNICA',
      'F001-3',
      'Señor(es): COCA-COLA SERVICIOS DE PERU S.A',
      'Documento: RUC 20415932376',
      'Dirección: AV. REPÚBLICA DE PANAMÁ 4050, SURQUILLO - LIMA',
      'Fecha de emisión: 25/11/2024',
      'Fecha de vencimiento: 10/12/2024',
      'Moneda: SOLES',
      'Forma de pago: Contado',
      '1 1.00 SERVICIO 00001 SERVICIO DESARROLLO SOFTWARE 1,000.00 1,180.00 1,000.00',
      'Op. gravadas: S/ 1,000.00',
      'IGV: S/ 180.00',
      'Importe total: S/ 1,180.00',
      'SON: MIL CIENTO OCHENTA CON 00/100 SOLES',
      'Observaciones • Operación sujeta a detracción',
      'Operación sujeta al Sistema de Pago de Obligaciones Tributarias con el Gobierno Central',
      'Bien o servicio: 022 - Otros servicios empresariales',
      'Porcentaje: 12%',
      'Monto de la detracción: S/ 142.00',
      'Cta. Banco de la Nación: 00-045-091619',
      'Representación impresa de la FACTURA ELECTRÓNICA',
      'Resumen: Er333++127R4zFd4wOv27Rh4ZyEGpE42CT95ZCBsmnA=',
      'Consulte su documento en: https://sufel.example.pe/document/login',
      'Respuesta SUNAT: 0 - La Factura numero F001-3, ha sido aceptada',
    ]) {
      expect(text).toContain(expected);
    }
    // The XML's own amount-in-words legend gives way to the printed "SON:" line.
    expect(text).not.toContain('SON MIL CIENTO OCHENTA Y 00/100 SOLES');
    expect(text).not.toContain('ANULADO');
    expect(text).not.toContain('Descuentos');
    expect(text).not.toContain('INFORMACIÓN DEL CRÉDITO');
  });

  it('prints a boleta to a DNI with its free line marked and only the totals present', async () => {
    const { text } = await render(boletaToDni());
    for (const expected of [
      'BOLETA DE VENTA ELECTRÓNICA',
      'B001-1',
      'GASPERSOFT ELECTRO',
      'Señor(es): VELEZMORO SOZA JHON LARRY',
      'Documento: DNI 45288569',
      'Fecha de emisión: 26/11/2024',
      'REFRIGERADORA MARCA "AXM" NO FROST DE 200 LTRS.',
      '845.7627 998.00 845.76',
      'COCINA A GAS GLP, MARCA "AXM" DE 5 HORNILLAS',
      'OLLA ARROCERA DE OBSEQUIO Transferencia gratuita (valor referencial) 0.00 - 4.80',
      'Op. gravadas: S/ 1,407.29',
      'Op. gratuitas: S/ 4.80',
      'Descuentos: S/ 74.07',
      'IGV: S/ 253.31',
      'Importe total: S/ 1,660.60',
      'SON: MIL SEISCIENTOS SESENTA CON 60/100 SOLES',
      'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE',
      'Representación impresa de la BOLETA DE VENTA ELECTRÓNICA',
    ]) {
      expect(text).toContain(expected);
    }
    for (const absent of [
      'Fecha de vencimiento',
      'Dirección:',
      'Op. exoneradas:',
      'ISC:',
      'ICBPER:',
    ]) {
      expect(text).not.toContain(absent);
    }
    expect(text.match(/Transferencia gratuita/g)).toHaveLength(1);
  });

  it('prints what a credit note modifies and why', async () => {
    const { text } = await render(creditNote());
    for (const expected of [
      'Soporte Tecnológicos EIRL',
      'Tu Soporte',
      'NOTA DE CRÉDITO ELECTRÓNICA',
      'FC01-00000211',
      'Documento que modifica: F001-4355',
      'Tipo de documento: FACTURA ELECTRÓNICA',
      'Motivo: 07 - Devolución por ítem',
      'Sustento: Unidades defectuosas, no leen CD que contengan archivos MP3',
      'Grabadora LG Externo Modelo: GE20LU10',
      '100.00 UNIDAD GLG199',
      'Importe total: S/ 9,800.00',
      'SON: NUEVE MIL OCHOCIENTOS CON 00/100 SOLES',
    ]) {
      expect(text).toContain(expected);
    }
    // A zero discount is stated in the XML but says nothing worth printing.
    expect(text).not.toContain('Descuentos');
  });

  it('prints a debit note with its catalogue 10 reason', async () => {
    const { text } = await render(debitNote());
    expect(text).toContain('NOTA DE DÉBITO ELECTRÓNICA');
    expect(text).toContain('FD01-00000211');
    expect(text).toContain('Documento que modifica: F001-4355');
    expect(text).toContain('Motivo: 02 - Aumento en el valor');
  });

  it('prints a dollar invoice on credit with its installments and detraction', async () => {
    const { text, pageCount } = await render(usdCreditInvoice());
    expect(pageCount).toBe(1);
    for (const expected of [
      'REPRESENTACIONES DORA BEATRIZ S.R.L.',
      'R.U.C. N° 20441053658',
      'FB98-01811',
      'Señor(es): ATC SITIOS DEL PERU SOCIEDAD COMERCIAL DE RESPONSABILIDAD LIMITADA',
      'Moneda: DÓLARES AMERICANOS',
      'Forma de pago: Crédito',
      'Fecha de vencimiento: 28/02/2022',
      'MANTENIMIENTO PREVENTIVO DE GRUPO ELECTRÓGENO',
      'REVISIÓN DE TABLEROS ELÉCTRICOS',
      'CAMBIO DE LUMINARIAS EN SALA DE EQUIPOS',
      '19.00 CAJA 9100',
      'Op. gravadas: US$ 618.40',
      'IGV: US$ 111.31',
      'Importe total: US$ 729.71',
      'SON: SETECIENTOS VEINTINUEVE CON 71/100 DÓLARES AMERICANOS',
      'Observaciones del comprobante',
      'INFORMACIÓN DEL CRÉDITO',
      'Monto neto pendiente de pago: US$ 642.15',
      'Total de cuotas: 2',
      'Cuota Fecha de vencimiento Monto',
      '1 31/01/2022 US$ 370.71',
      '2 28/02/2022 US$ 271.44',
      'Operación sujeta al Sistema de Pago de Obligaciones Tributarias',
      'Monto de la detracción: S/ 283.00',
      'Cta. Banco de la Nación: 00-741-123456',
    ]) {
      expect(text).toContain(expected);
    }
    // Unsigned: no digest to print.
    expect(text).not.toContain('Resumen:');
  });

  it('continues a long table on new pages under a repeated header, numbering every page', async () => {
    const doc = longInvoice(100);
    const { pages, pageCount, text } = await render(doc);
    expect(pageCount).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pageCount}`);
      expect(page).toContain('F001-00004355');
    });
    for (const page of pages.slice(1, -1)) {
      expect(page).toContain('R.U.C. N° 20606433094');
      expect(page).toContain('N° Cant. Unidad Código Descripción Valor unit. Precio unit. Importe');
    }
    for (const line of doc.lines) {
      expect(text.split(`${line.description} `)).toHaveLength(2);
    }
    const last = pages[pageCount - 1]!;
    expect(last).toContain('- ITEM 100');
    expect(last).toContain(`Importe total: S/ 205,674.61`);
    expect(last).toContain(
      'SON: DOSCIENTOS CINCO MIL SEISCIENTOS SETENTA Y CUATRO CON 61/100 SOLES',
    );
    expect(pages[0]).not.toContain('Importe total');
  });

  it('splits a row taller than a page instead of running off it', async () => {
    const words = Array.from({ length: 180 }, (_, index) => `palabra${index}`);
    const doc = detractionInvoice();
    doc.lines[0]!.description = words.join('\n');
    const { pages, text } = await render(doc);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('palabra0 palabra1');
    expect(text).toContain('palabra178 palabra179');
    expect(pages[1]).toContain('N° Cant. Unidad Código Descripción');
  });

  it('cuts long fields with a visible mark, whatever their length', async () => {
    const doc = detractionInvoice();
    doc.lines[0]!.description = 'A'.repeat(1_000_000);
    doc.issuer.name = `EMPRESA ${'B'.repeat(2_000_000)}`;
    doc.customer.name = 'C'.repeat(3_000_000);
    doc.notes = [{ code: null, text: 'nota '.repeat(20_000) }];
    const { text, pageCount } = await render(doc);
    const mark = (letter: string, count: number) =>
      `${letter.repeat(count)}${CUT_MARK}`.replace(/ /g, '');
    const compact = text.replace(/ /g, '');
    expect(compact).toContain(mark('A', PRINT_LIMITS.description));
    expect(compact).toContain(`EMPRESA${mark('B', PRINT_LIMITS.name - 8)}`);
    expect(compact).toContain(mark('C', PRINT_LIMITS.name));
    expect(compact).toContain(`nota${CUT_MARK.replace(/ /g, '')}`);
    expect(compact).not.toContain('A'.repeat(PRINT_LIMITS.description + 1));
    expect(pageCount).toBeLessThan(20);
  });

  it('stops at the page limit with a last line that says so', async () => {
    const { pages } = await render(longInvoice(400), { maxPages: 3 });
    expect(pages).toHaveLength(3);
    expect(pages[2]).toContain(
      'El documento impreso se limita a 3 páginas; el contenido completo está en el XML.',
    );
    expect(pages[2]).toContain('Página 3 de 3');
  });

  it('flows long notes onto the next page', async () => {
    const doc = detractionInvoice();
    doc.notes = Array.from({ length: 90 }, (_, index) => ({
      code: null,
      text: `Nota ${index}: entrega en almacén central de lunes a viernes, de 8:00 a 17:00 horas.`,
    }));
    const { pages } = await render(doc);
    expect(pages[0]).toContain('Nota 0: entrega en almacén central de lunes a viernes');
    expect(pages[0]).not.toContain('Nota 89:');
    expect(pages.slice(1).join(' ')).toContain('Nota 89: entrega en almacén central');
  });

  it('marks every page of a voided document ANULADO', async () => {
    const { pages } = await render(longInvoice(60), { voided: true });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('ANULADO');
  });

  it.each([
    ['aceptado', 'Aceptado por SUNAT'],
    ['cdr_de_otro', 'Constancia de SUNAT de otro comprobante'],
    ['xml_alterado', 'XML alterado: no use estos importes'],
  ] as const)('prints the verdict in every footer: %s → %s', async (verdict, words) => {
    const { pages } = await render(longInvoice(60), { verdict });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(`Estado: ${words}`);
  });

  it('prints no verdict it was not given', async () => {
    const { pages } = await render(longInvoice(60), {
      sunat: { code: '0', description: 'La Factura F001-1 ha sido aceptada' },
    });
    for (const page of pages) expect(page).not.toContain('Estado:');
  });

  it('prints characters outside WinAnsi as "?" and keeps the Spanish ones', async () => {
    const doc = detractionInvoice();
    doc.lines[0]!.description = 'Café ñandú – “Perú” €5 ½ kg 😀 中文 \uFFFD Jose\u0301 fin';
    doc.customer.name = 'Distribuidora Ñuñoa 🚚 S.A.C.';
    doc.issuer.address = 'Av. Arequipa 1234\u0007 Lima';
    const { text } = await render(doc);
    expect(text).toContain('Café ñandú – “Perú” €5 ½ kg ? ?? ? José fin');
    expect(text).toContain('Distribuidora Ñuñoa ? S.A.C.');
    expect(text).toContain('Av. Arequipa 1234? Lima');
  });

  it('wraps a word wider than its column', async () => {
    const doc = detractionInvoice();
    const code = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    doc.lines[0]!.description = code.repeat(3);
    const { text } = await render(doc);
    expect(text.replace(/ /g, '')).toContain(code.repeat(3));
  });

  it('draws the QR code of the given text with error correction level Q', async () => {
    const doc = detractionInvoice();
    const qrText = sunatQrText(doc);
    const bytes = await renderPrintedDocument(doc, { qrText });
    const pdf = await openPdf(bytes);
    const matrix = await qrMatrixOnPage(pdf, 1);
    await pdf.destroy();
    expect((matrix.length - 17) % 4).toBe(0);
    expect(decodeQr(matrix)).toBe(qrText);
    expect(errorCorrectionLevel(matrix)).toBe('Q');
  });

  it('draws the QR code at the end of a long document', async () => {
    const doc = longInvoice(100);
    const qrText = sunatQrText(doc);
    const bytes = await renderPrintedDocument(doc, { qrText });
    const pdf = await openPdf(bytes);
    const matrix = await qrMatrixOnPage(pdf, pdf.numPages);
    await expect(qrMatrixOnPage(pdf, 1)).rejects.toThrow('No QR code');
    await pdf.destroy();
    expect(decodeQr(matrix)).toBe(qrText);
  });

  it('refuses to print without the QR text', async () => {
    await expect(renderPrintedDocument(detractionInvoice(), { qrText: ' ' })).rejects.toThrow(
      'qrText',
    );
  });
});
