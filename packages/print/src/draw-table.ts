import type { Alignment, Canvas, TextStyle } from './canvas.js';
import type { PageFlow } from './page-flow.js';
import {
  BLOCK_GAP,
  COLORS,
  CONTENT_BOTTOM,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  CONTINUATION_CONTENT_TOP,
} from './page-geometry.js';
import type { PrintedCoveredDocument, PrintedLine } from './printed-document.js';

export interface TableColumn<Row> {
  header: string;
  /** Points; the description takes what the others leave. */
  width: number | 'rest';
  align: Alignment;
  /** Figures shrink to stay on one line rather than wrap between digits. */
  numeric?: boolean;
  value: (row: Row) => string;
  /** Printed in italics under the value (a line given for free says so). */
  note?: (row: Row) => string | null;
}

/** The line items of a sale. */
export const LINE_COLUMNS: readonly TableColumn<PrintedLine>[] = [
  { header: 'N°', width: 20, align: 'center', value: (line) => line.number },
  { header: 'Cant.', width: 44, align: 'right', numeric: true, value: (line) => line.quantity },
  { header: 'Unidad', width: 44, align: 'left', value: (line) => line.unit },
  { header: 'Código', width: 48, align: 'left', value: (line) => line.code },
  {
    header: 'Descripción',
    width: 'rest',
    align: 'left',
    value: (line) => line.description,
    note: (line) => line.freeNote,
  },
  {
    header: 'Valor unit.',
    width: 54,
    align: 'right',
    numeric: true,
    value: (line) => line.unitValue,
  },
  {
    header: 'Precio unit.',
    width: 54,
    align: 'right',
    numeric: true,
    value: (line) => line.unitPrice,
  },
  { header: 'Importe', width: 60, align: 'right', numeric: true, value: (line) => line.amount },
];

/** The documents a retention or perception receipt covers. */
export const COVERED_COLUMNS: readonly TableColumn<PrintedCoveredDocument>[] = [
  { header: 'N°', width: 20, align: 'center', value: (row) => row.number },
  { header: 'Comprobante', width: 'rest', align: 'left', value: (row) => row.document },
  { header: 'Emisión', width: 52, align: 'center', value: (row) => row.issueDate },
  { header: 'Total', width: 66, align: 'right', numeric: true, value: (row) => row.total },
  { header: 'Fecha', width: 52, align: 'center', value: (row) => row.date },
  { header: 'Importe', width: 60, align: 'right', numeric: true, value: (row) => row.amount },
  { header: 'Neto', width: 62, align: 'right', numeric: true, value: (row) => row.netTotal },
];

const CELL_PADDING_X = 3;
const CELL_PADDING_Y = 3.5;
const HEADER: TextStyle = { size: 7, style: 'bold' };
const CELL: TextStyle = { size: 7.5 };
const FREE_NOTE: TextStyle = { size: 7.5, style: 'italic', color: COLORS.muted };
const MIN_FIGURE_SIZE = 5.5;

interface CellLine {
  text: string;
  style: TextStyle;
}

interface PlacedColumn<Row> extends TableColumn<Row> {
  x: number;
  innerWidth: number;
}

function placeColumns<Row>(columns: readonly TableColumn<Row>[]): PlacedColumn<Row>[] {
  const fixed = columns.reduce((sum, c) => sum + (c.width === 'rest' ? 0 : c.width), 0);
  let x = CONTENT_LEFT;
  return columns.map((column) => {
    const width = column.width === 'rest' ? CONTENT_WIDTH - fixed : column.width;
    const placed = { ...column, x, innerWidth: width - 2 * CELL_PADDING_X };
    x += width;
    return placed;
  });
}

/** The cell style, its font reduced when a figure is wider than its column. */
function cellStyle<Row>(canvas: Canvas, column: PlacedColumn<Row>, text: string): TextStyle {
  if (column.numeric !== true) return CELL;
  const width = canvas.width(text, CELL);
  if (width <= column.innerWidth) return CELL;
  return { ...CELL, size: Math.max(MIN_FIGURE_SIZE, (CELL.size * column.innerWidth) / width) };
}

function cellLines<Row>(canvas: Canvas, column: PlacedColumn<Row>, row: Row): CellLine[] {
  const text = column.value(row);
  const style = cellStyle(canvas, column, text);
  const lines = canvas.wrap(text, column.innerWidth, style).map((part) => ({ text: part, style }));
  const note = column.note?.(row) ?? null;
  if (note !== null) {
    for (const text of canvas.wrap(note, column.innerWidth, FREE_NOTE)) {
      lines.push({ text, style: FREE_NOTE });
    }
  }
  return lines;
}

/**
 * A table of rows (the line items, or the documents a receipt covers): a
 * header band, then one row per item whose widest text wraps. A row that does
 * not fit moves to the next page under a repeated header; a row taller than a
 * whole page is split across pages.
 */
export function drawTable<Row>(
  canvas: Canvas,
  flow: PageFlow,
  rows: readonly Row[],
  tableColumns: readonly TableColumn<Row>[],
): void {
  const columns = placeColumns(tableColumns);
  const lineHeight = canvas.lineHeight(CELL);
  const headerHeight = canvas.lineHeight(HEADER) + 2 * CELL_PADDING_Y + 1;
  const freshPageLines = Math.floor(
    (CONTENT_BOTTOM - CONTINUATION_CONTENT_TOP - headerHeight - 2 * CELL_PADDING_Y) / lineHeight,
  );

  const drawHeader = (): void => {
    canvas.band(CONTENT_LEFT, flow.y, CONTENT_WIDTH, headerHeight);
    for (const column of columns) {
      canvas.line(
        column.header,
        column.x + CELL_PADDING_X,
        flow.y + CELL_PADDING_Y + 0.5,
        HEADER,
        column.align,
        column.innerWidth,
      );
    }
    canvas.rule(CONTENT_LEFT, CONTENT_RIGHT, flow.y + headerHeight, COLORS.border, 0.8);
    flow.advance(headerHeight);
  };
  const newPageWithHeader = (): void => {
    flow.newPage();
    drawHeader();
  };
  /** Draws `count` lines of the row from its line `from`: a tall row is drawn in parts without copying it. */
  const drawRowPart = (cells: readonly CellLine[][], from: number, count: number): void => {
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      cell.slice(from, from + count).forEach((cellLine, lineIndex) => {
        canvas.line(
          cellLine.text,
          column.x + CELL_PADDING_X,
          flow.y + CELL_PADDING_Y + lineIndex * lineHeight,
          cellLine.style,
          column.align,
          column.innerWidth,
        );
      });
    });
    const height = count * lineHeight + 2 * CELL_PADDING_Y;
    canvas.rule(CONTENT_LEFT, CONTENT_RIGHT, flow.y + height);
    flow.advance(height);
  };

  flow.ensure(headerHeight + lineHeight + 2 * CELL_PADDING_Y);
  drawHeader();
  for (const row of rows) {
    const cells = columns.map((column) => cellLines(canvas, column, row));
    const totalLines = Math.max(...cells.map((cell) => cell.length));
    let drawn = 0;
    for (;;) {
      const rowLines = totalLines - drawn;
      const fitting = Math.floor((flow.available - 2 * CELL_PADDING_Y) / lineHeight);
      if (rowLines <= fitting) {
        drawRowPart(cells, drawn, rowLines);
        break;
      }
      if (rowLines <= freshPageLines || fitting < 1) {
        newPageWithHeader();
        continue;
      }
      drawRowPart(cells, drawn, fitting);
      drawn += fitting;
      newPageWithHeader();
    }
  }
  flow.advance(BLOCK_GAP);
}
