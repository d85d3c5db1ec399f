import type { Canvas, TextStyle } from './canvas.js';
import { COLORS } from './page-geometry.js';
import type { LabeledValue } from './printed-document.js';

const LABEL: TextStyle = { size: 8, style: 'bold', color: COLORS.muted };
const VALUE: TextStyle = { size: 8.5 };
const ROW_GAP = 2;

export interface LaidOutRow {
  label: string[];
  value: string[];
  height: number;
}

/** "Label:  value" rows wrapped to `width`, the values aligned after `labelWidth`. */
export function layOutRows(
  canvas: Canvas,
  rows: readonly LabeledValue[],
  width: number,
  labelWidth: number,
): LaidOutRow[] {
  return rows.map((row) => {
    const label = canvas.wrap(`${row.label}:`, labelWidth - 4, LABEL);
    const value = canvas.wrap(row.value, width - labelWidth, VALUE);
    const height = Math.max(
      label.length * canvas.lineHeight(LABEL),
      value.length * canvas.lineHeight(VALUE),
    );
    return { label, value, height };
  });
}

export function rowsHeight(rows: readonly LaidOutRow[]): number {
  return rows.reduce((sum, row) => sum + row.height, 0) + ROW_GAP * Math.max(rows.length - 1, 0);
}

/** Draws rows laid out by `layOutRows`; answers the height used. */
export function drawRows(
  canvas: Canvas,
  rows: readonly LaidOutRow[],
  x: number,
  y: number,
  labelWidth: number,
): number {
  let top = y;
  for (const row of rows) {
    // The label is smaller than the value: lower it so both share a baseline.
    canvas.lines(row.label, x, top + 0.4, LABEL);
    canvas.lines(row.value, x + labelWidth, top, VALUE);
    top += row.height + ROW_GAP;
  }
  return rowsHeight(rows);
}
