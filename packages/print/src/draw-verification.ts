import type { Canvas, TextStyle } from './canvas.js';
import type { PageFlow } from './page-flow.js';
import { BLOCK_GAP, COLORS, CONTENT_LEFT, CONTENT_RIGHT } from './page-geometry.js';
import type { PrintedDocument } from './printed-document.js';
import type { QrModules } from './qr-modules.js';

/** About 3.5 cm: SUNAT asks for at least 2 cm, and a phone reads this from a desk. */
const QR_SIZE = 100;
const GAP = 14;
const TOP_PADDING = 8;
const PARAGRAPH_GAP = 3;
const LEGEND: TextStyle = { size: 8.5, style: 'bold' };
const LINE: TextStyle = { size: 8 };

function drawQr(canvas: Canvas, modules: QrModules, x: number, y: number): void {
  const moduleSize = QR_SIZE / modules.size;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.isDark(row, column)) {
        canvas.pdf.rect(x + column * moduleSize, y + row * moduleSize, moduleSize, moduleSize);
      }
    }
  }
  canvas.pdf.fill('#000000');
}

/**
 * SUNAT's QR code as vector squares and, beside it, the representation
 * legend, the digest, the consultation address and SUNAT's answer. A caption
 * longer than the code continues down the same column, onto the next page if
 * it must.
 */
export function drawVerification(
  canvas: Canvas,
  flow: PageFlow,
  printed: PrintedDocument,
  modules: QrModules,
): void {
  const textLeft = CONTENT_LEFT + QR_SIZE + GAP;
  const textWidth = CONTENT_RIGHT - textLeft;
  const [legend = '', ...others] = printed.verification;
  const caption = [
    ...canvas.wrap(legend, textWidth, LEGEND).map((text) => ({ text, style: LEGEND, gap: 0 })),
    ...others.flatMap((paragraph) =>
      canvas.wrap(paragraph, textWidth, LINE).map((text, index) => ({
        text,
        style: LINE,
        gap: index === 0 ? PARAGRAPH_GAP : 0,
      })),
    ),
  ];

  flow.ensure(QR_SIZE + TOP_PADDING);
  canvas.rule(CONTENT_LEFT, CONTENT_RIGHT, flow.y, COLORS.rule);
  const top = flow.y + TOP_PADDING;
  drawQr(canvas, modules, CONTENT_LEFT, top);
  flow.y = top;
  let besideQr = true;
  for (const line of caption) {
    flow.advance(line.gap);
    const height = canvas.lineHeight(line.style);
    if (flow.ensure(height)) besideQr = false;
    canvas.line(line.text, textLeft, flow.y, line.style);
    flow.advance(height);
  }
  if (besideQr) flow.y = Math.max(flow.y, top + QR_SIZE);
  flow.advance(BLOCK_GAP);
}
