import { isWithholdingReceipt, type SunatDocument } from '@sufel/ubl';
import PDFDocument from 'pdfkit';
import { buildPrintedDocument, representationOf } from './build-printed-document.js';
import { buildPrintedWithholding } from './build-printed-withholding.js';
import { Canvas } from './canvas.js';
import { drawContinuationHeader, drawHeader } from './draw-header.js';
import { drawParagraphs } from './draw-notes.js';
import { drawPageLimitNotice, drawPageMarks } from './draw-page-marks.js';
import { drawDocumentDetails, drawReference } from './draw-parties.js';
import { drawCredit, drawDetraction } from './draw-payment-terms.js';
import { COVERED_COLUMNS, drawTable, LINE_COLUMNS } from './draw-table.js';
import { drawTotals } from './draw-totals.js';
import { drawVerification } from './draw-verification.js';
import { PageFlow, PageLimitReached } from './page-flow.js';
import { assertPrintOptions, type PrintOptions } from './print-options.js';
import { PRINT_LIMITS } from './printed-text-limits.js';
import { sunatQrModules } from './qr-modules.js';

function collectBytes(pdf: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
}

/**
 * The printed representation ("representación impresa") of a SUNAT document
 * as PDF bytes: A4 portrait, standard Helvetica, SUNAT's QR code, and a red
 * "ANULADO" watermark on every page when the document was voided. Long
 * fields are cut with a visible mark and the pages are limited; the XML keeps
 * everything.
 */
export async function renderPrintedDocument(
  doc: SunatDocument,
  options: PrintOptions,
): Promise<Uint8Array> {
  assertPrintOptions(options);
  const printed = isWithholdingReceipt(doc)
    ? buildPrintedWithholding(doc, options)
    : buildPrintedDocument(doc, options);
  const modules = sunatQrModules(printed.qrText);

  const pdf = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: 'es-PE',
    displayTitle: true,
    info: {
      Title: `${printed.title} ${printed.number}`,
      Author: printed.issuer.name,
      Subject: representationOf(printed.title),
      Creator: 'SUFEL',
    },
  });
  const bytes = collectBytes(pdf);
  const canvas = new Canvas(pdf);
  const flow = new PageFlow(
    pdf,
    () => drawContinuationHeader(canvas, printed),
    options.maxPages ?? PRINT_LIMITS.pages,
  );

  try {
    flow.y = drawHeader(canvas, printed);
    drawDocumentDetails(canvas, flow, printed);
    if (printed.reference !== null) drawReference(canvas, flow, printed.reference);
    if (printed.covered === null) drawTable(canvas, flow, printed.lines, LINE_COLUMNS);
    else drawTable(canvas, flow, printed.covered, COVERED_COLUMNS);
    drawTotals(canvas, flow, printed);
    drawParagraphs(canvas, flow, 'Observaciones', printed.notes);
    if (printed.credit !== null) drawCredit(canvas, flow, printed.credit);
    if (printed.detraction !== null) drawDetraction(canvas, flow, printed.detraction);
    drawVerification(canvas, flow, printed, modules);
  } catch (error) {
    if (!(error instanceof PageLimitReached)) throw error;
    drawPageLimitNotice(canvas, flow.y, error.maxPages);
  }
  drawPageMarks(canvas, printed);
  pdf.end();
  return bytes;
}
