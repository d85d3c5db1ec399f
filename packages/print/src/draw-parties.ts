import type { Canvas, TextStyle } from './canvas.js';
import { drawRows, layOutRows, rowsHeight } from './labeled-rows.js';
import type { PageFlow } from './page-flow.js';
import { BLOCK_GAP, COLORS, CONTENT_LEFT, CONTENT_WIDTH } from './page-geometry.js';
import type { LabeledValue, PrintedDocument } from './printed-document.js';

const PADDING = 8;
const COLUMN_GAP = 18;
const DETAILS_WIDTH = 206;
const DETAILS_LABEL_WIDTH = 92;
const HEADING: TextStyle = { size: 8, style: 'bold', color: COLORS.text };

/** The customer on the left and the dates, currency and payment method on the right, boxed. */
export function drawDocumentDetails(
  canvas: Canvas,
  flow: PageFlow,
  printed: PrintedDocument,
): void {
  const customerWidth = CONTENT_WIDTH - 2 * PADDING - COLUMN_GAP - DETAILS_WIDTH;
  const customer = layOutRows(canvas, printed.customer, customerWidth, 62);
  const details = layOutRows(canvas, printed.details, DETAILS_WIDTH, DETAILS_LABEL_WIDTH);
  const height = Math.max(rowsHeight(customer), rowsHeight(details)) + 2 * PADDING;
  flow.ensure(height);
  canvas.box(CONTENT_LEFT, flow.y, CONTENT_WIDTH, height);
  const x = CONTENT_LEFT + PADDING;
  drawRows(canvas, customer, x, flow.y + PADDING, 62);
  drawRows(canvas, details, x + customerWidth + COLUMN_GAP, flow.y + PADDING, DETAILS_LABEL_WIDTH);
  flow.advance(height + BLOCK_GAP);
}

/** What a credit or debit note modifies and why, boxed under its heading. */
export function drawReference(canvas: Canvas, flow: PageFlow, rows: readonly LabeledValue[]): void {
  const width = CONTENT_WIDTH - 2 * PADDING;
  const laidOut = layOutRows(canvas, rows, width, 122);
  const headingHeight = canvas.lineHeight(HEADING) + 4;
  const height = headingHeight + rowsHeight(laidOut) + 2 * PADDING;
  flow.ensure(height);
  canvas.box(CONTENT_LEFT, flow.y, CONTENT_WIDTH, height);
  const x = CONTENT_LEFT + PADDING;
  canvas.line('DOCUMENTO DE REFERENCIA', x, flow.y + PADDING, HEADING);
  drawRows(canvas, laidOut, x, flow.y + PADDING + headingHeight, 122);
  flow.advance(height + BLOCK_GAP);
}
