import type { Canvas, TextStyle } from './canvas.js';
import type { PageFlow } from './page-flow.js';
import { BLOCK_GAP, COLORS, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_WIDTH } from './page-geometry.js';
import type { PrintedDocument } from './printed-document.js';

const TOTALS_WIDTH = 226;
const COLUMN_GAP = 18;
const PADDING = 7;
const ROW: TextStyle = { size: 8.5 };
const ROW_LABEL: TextStyle = { size: 8.5, color: COLORS.muted };
const PAYABLE: TextStyle = { size: 10, style: 'bold' };
const IN_WORDS: TextStyle = { size: 8.5, style: 'bold' };
const ROW_GAP = 3.5;
/** Amounts align right in a column at least this wide; the currency symbol goes before it. */
const MIN_AMOUNT_WIDTH = 62;
const SYMBOL_GAP = 6;

/** "SON: …" on the left; the totals, payable last and emphasised, on the right. */
export function drawTotals(canvas: Canvas, flow: PageFlow, printed: PrintedDocument): void {
  const totalsLeft = CONTENT_RIGHT - TOTALS_WIDTH;
  const wordsWidth = CONTENT_WIDTH - TOTALS_WIDTH - COLUMN_GAP - 2 * PADDING;
  const words = canvas.wrap(printed.amountInWords, wordsWidth, IN_WORDS);
  // Line height leaves room under the last line: trim it so the text sits centred.
  const wordsHeight = words.length * canvas.lineHeight(IN_WORDS) + 2 * PADDING - 2;

  const rows = printed.totals.slice(0, -1);
  const payable = printed.totals[printed.totals.length - 1]!;
  const rowHeight = canvas.lineHeight(ROW) + ROW_GAP;
  const payableHeight = canvas.lineHeight(PAYABLE) + 2 * PADDING - 2;
  const totalsHeight = rows.length * rowHeight + payableHeight + (rows.length > 0 ? 4 : 0);

  flow.ensure(Math.max(wordsHeight, totalsHeight));
  const top = flow.y;

  canvas.box(CONTENT_LEFT, top, wordsWidth + 2 * PADDING, wordsHeight);
  canvas.lines(words, CONTENT_LEFT + PADDING, top + PADDING, IN_WORDS);

  const amountWidth = Math.max(
    MIN_AMOUNT_WIDTH,
    ...rows.map((row) => canvas.width(row.amount, ROW)),
    canvas.width(payable.amount, PAYABLE),
  );
  const amountLeft = CONTENT_RIGHT - PADDING - amountWidth;
  const symbolLeft = amountLeft - SYMBOL_GAP - canvas.width(printed.currencySymbol, PAYABLE);
  let y = top;
  for (const row of rows) {
    canvas.line(`${row.label}:`, totalsLeft + PADDING, y, ROW_LABEL);
    canvas.line(printed.currencySymbol, symbolLeft, y, ROW);
    canvas.line(row.amount, amountLeft, y, ROW, 'right', amountWidth);
    y += rowHeight;
  }
  if (rows.length > 0) y += 4;
  canvas.band(totalsLeft, y, TOTALS_WIDTH, payableHeight);
  canvas.rule(totalsLeft, CONTENT_RIGHT, y, COLORS.border, 0.8);
  const payableTop = y + PADDING - 1;
  canvas.line(`${payable.label}:`, totalsLeft + PADDING, payableTop, PAYABLE);
  canvas.line(printed.currencySymbol, symbolLeft, payableTop, PAYABLE);
  canvas.line(payable.amount, amountLeft, payableTop, PAYABLE, 'right', amountWidth);

  flow.advance(Math.max(wordsHeight, totalsHeight) + BLOCK_GAP);
}
