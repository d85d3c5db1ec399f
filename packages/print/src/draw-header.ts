import type { Canvas, TextStyle } from './canvas.js';
import {
  BLOCK_GAP,
  COLORS,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_TOP,
  CONTENT_WIDTH,
  CONTINUATION_CONTENT_TOP,
  CONTINUATION_HEADER_HEIGHT,
} from './page-geometry.js';
import type { PrintedDocument } from './printed-document.js';

const BOX_WIDTH = 206;
const BOX_PADDING = 9;
const ISSUER_NAME: TextStyle = { size: 13, style: 'bold' };
const TRADE_NAME: TextStyle = { size: 10 };
const ISSUER_ADDRESS: TextStyle = { size: 8.5, color: COLORS.muted };
const BOX_RUC: TextStyle = { size: 12, style: 'bold' };
const BOX_TITLE: TextStyle = { size: 11, style: 'bold' };
const BOX_NUMBER: TextStyle = { size: 12.5, style: 'bold' };
const COMPACT: TextStyle = { size: 8.5, style: 'bold' };
const COMPACT_MUTED: TextStyle = { size: 8.5, color: COLORS.muted };

/** Issuer on the left, the boxed R.U.C., title and number on the right. */
export function drawHeader(canvas: Canvas, printed: PrintedDocument): number {
  const top = CONTENT_TOP;
  const boxLeft = CONTENT_RIGHT - BOX_WIDTH;
  const issuerWidth = boxLeft - CONTENT_LEFT - 18;

  let issuerHeight = canvas.paragraph(
    printed.issuer.name,
    CONTENT_LEFT,
    top,
    issuerWidth,
    ISSUER_NAME,
  );
  if (printed.issuer.tradeName !== null) {
    issuerHeight += 2;
    issuerHeight += canvas.paragraph(
      printed.issuer.tradeName,
      CONTENT_LEFT,
      top + issuerHeight,
      issuerWidth,
      TRADE_NAME,
    );
  }
  if (printed.issuer.address !== null) {
    issuerHeight += 4;
    issuerHeight += canvas.paragraph(
      printed.issuer.address,
      CONTENT_LEFT,
      top + issuerHeight,
      issuerWidth,
      ISSUER_ADDRESS,
    );
  }

  const innerWidth = BOX_WIDTH - 2 * BOX_PADDING;
  const inner = boxLeft + BOX_PADDING;
  let y = top + BOX_PADDING;
  y += canvas.paragraph(`R.U.C. N° ${printed.issuer.ruc}`, inner, y, innerWidth, BOX_RUC, 'center');
  y += 5;
  const titleLines = canvas.wrap(printed.title, innerWidth, BOX_TITLE);
  const bandHeight = titleLines.length * canvas.lineHeight(BOX_TITLE) + 8;
  canvas.band(boxLeft + 0.8, y, BOX_WIDTH - 1.6, bandHeight);
  canvas.lines(titleLines, inner, y + 4.5, BOX_TITLE, 'center', innerWidth);
  y += bandHeight + 5;
  y += canvas.paragraph(printed.number, inner, y, innerWidth, BOX_NUMBER, 'center');
  const boxHeight = y + BOX_PADDING - 3 - top;
  canvas.box(boxLeft, top, BOX_WIDTH, boxHeight);

  return top + Math.max(issuerHeight, boxHeight) + BLOCK_GAP + 2;
}

/** The one-line header of the pages a long document continues on; answers where content starts. */
export function drawContinuationHeader(canvas: Canvas, printed: PrintedDocument): number {
  const top = CONTENT_TOP;
  const half = CONTENT_WIDTH / 2;
  const [firstLine = '', ...rest] = canvas.wrap(printed.issuer.name, half - 12, COMPACT);
  canvas.line(rest.length > 0 ? `${firstLine}…` : firstLine, CONTENT_LEFT, top, COMPACT);
  canvas.line(`R.U.C. N° ${printed.issuer.ruc}`, CONTENT_LEFT, top + 11, COMPACT_MUTED);
  canvas.line(printed.title, CONTENT_LEFT + half, top, COMPACT, 'right', half);
  canvas.line(printed.number, CONTENT_LEFT + half, top + 11, COMPACT, 'right', half);
  canvas.rule(CONTENT_LEFT, CONTENT_RIGHT, top + CONTINUATION_HEADER_HEIGHT, COLORS.border, 0.8);
  return CONTINUATION_CONTENT_TOP;
}
