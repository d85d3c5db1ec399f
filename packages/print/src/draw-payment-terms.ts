import type { Alignment, Canvas, TextStyle } from './canvas.js';
import { drawRows, layOutRows, rowsHeight } from './labeled-rows.js';
import type { PageFlow } from './page-flow.js';
import { BLOCK_GAP, COLORS, CONTENT_LEFT, CONTENT_WIDTH } from './page-geometry.js';
import type { PrintedCredit, PrintedDetraction, PrintedInstallment } from './printed-document.js';

const HEADING: TextStyle = { size: 8, style: 'bold' };
const TABLE_HEADER: TextStyle = { size: 7.5, style: 'bold' };
const CELL: TextStyle = { size: 8 };
const PADDING = 7;
const CELL_PADDING = 3;

interface InstallmentColumn {
  header: string;
  width: number;
  align: Alignment;
  value: (installment: PrintedInstallment) => string;
}

const INSTALLMENT_COLUMNS: readonly InstallmentColumn[] = [
  { header: 'Cuota', width: 60, align: 'center', value: (item) => item.label },
  { header: 'Fecha de vencimiento', width: 120, align: 'center', value: (item) => item.dueDate },
  { header: 'Monto', width: 110, align: 'right', value: (item) => item.amount },
];
const TABLE_WIDTH = INSTALLMENT_COLUMNS.reduce((sum, column) => sum + column.width, 0);

function drawInstallmentRow(
  canvas: Canvas,
  y: number,
  style: TextStyle,
  text: (column: InstallmentColumn) => string,
): void {
  let x = CONTENT_LEFT;
  for (const column of INSTALLMENT_COLUMNS) {
    const inner = column.width - 2 * (CELL_PADDING + 4);
    canvas.line(text(column), x + CELL_PADDING + 4, y + CELL_PADDING, style, column.align, inner);
    x += column.width;
  }
}

/** Pending amount, number of installments and one row per installment (cuota, due date, amount). */
export function drawCredit(canvas: Canvas, flow: PageFlow, credit: PrintedCredit): void {
  const summary = layOutRows(canvas, credit.summary, TABLE_WIDTH, 150);
  const headingHeight = canvas.lineHeight(HEADING) + 4;
  const rowHeight = canvas.lineHeight(CELL) + 2 * CELL_PADDING;
  const headerHeight = canvas.lineHeight(TABLE_HEADER) + 2 * CELL_PADDING;
  const tableHeader = (): void => {
    canvas.band(CONTENT_LEFT, flow.y, TABLE_WIDTH, headerHeight);
    drawInstallmentRow(canvas, flow.y, TABLE_HEADER, (column) => column.header);
    flow.advance(headerHeight);
  };

  flow.ensure(headingHeight + rowsHeight(summary) + 6 + headerHeight + rowHeight);
  canvas.line('INFORMACIÓN DEL CRÉDITO', CONTENT_LEFT, flow.y, HEADING);
  flow.advance(headingHeight);
  flow.advance(drawRows(canvas, summary, CONTENT_LEFT, flow.y, 150) + 6);
  if (credit.installments.length > 0) tableHeader();
  for (const installment of credit.installments) {
    if (flow.ensure(rowHeight)) tableHeader();
    drawInstallmentRow(canvas, flow.y, CELL, (column) => column.value(installment));
    canvas.rule(CONTENT_LEFT, CONTENT_LEFT + TABLE_WIDTH, flow.y + rowHeight);
    flow.advance(rowHeight);
  }
  flow.advance(BLOCK_GAP);
}

/** The SPOT legend with the good or service, rate, amount and Banco de la Nación account, boxed. */
export function drawDetraction(
  canvas: Canvas,
  flow: PageFlow,
  detraction: PrintedDetraction,
): void {
  const width = CONTENT_WIDTH - 2 * PADDING;
  const legend = canvas.wrap(detraction.legend, width, HEADING);
  const legendHeight = legend.length * canvas.lineHeight(HEADING) + 4;
  const rows = layOutRows(canvas, detraction.details, width, 130);
  const height = legendHeight + rowsHeight(rows) + 2 * PADDING;
  flow.ensure(height);
  canvas.box(CONTENT_LEFT, flow.y, CONTENT_WIDTH, height, COLORS.border);
  canvas.lines(legend, CONTENT_LEFT + PADDING, flow.y + PADDING, HEADING);
  drawRows(canvas, rows, CONTENT_LEFT + PADDING, flow.y + PADDING + legendHeight, 130);
  flow.advance(height + BLOCK_GAP);
}
