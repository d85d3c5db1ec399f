import type { Canvas, TextStyle } from './canvas.js';
import {
  COLORS,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  FOOTER_TOP,
  PAGE_HEIGHT,
  PAGE_WIDTH,
} from './page-geometry.js';
import type { PrintedDocument } from './printed-document.js';

const FOOTER: TextStyle = { size: 7.5, color: COLORS.muted };
const WATERMARK: TextStyle = { size: 118, style: 'bold', color: COLORS.voided };
const VOIDED_WATERMARK = 'ANULADO';

function drawFooter(canvas: Canvas, printed: PrintedDocument, page: number, pages: number): void {
  canvas.rule(CONTENT_LEFT, CONTENT_RIGHT, FOOTER_TOP - 5, COLORS.rule);
  canvas.line(`${printed.title} ${printed.number}`, CONTENT_LEFT, FOOTER_TOP, FOOTER);
  if (printed.verdict !== null) {
    canvas.line(
      `Estado: ${printed.verdict}`,
      CONTENT_LEFT,
      FOOTER_TOP,
      FOOTER,
      'center',
      CONTENT_WIDTH,
    );
  }
  canvas.line(
    `Página ${page} de ${pages}`,
    CONTENT_LEFT,
    FOOTER_TOP,
    FOOTER,
    'right',
    CONTENT_WIDTH,
  );
}

/** A translucent word across the page diagonal, over the content so it cannot be hidden. */
function drawWatermark(canvas: Canvas): void {
  const { pdf } = canvas;
  const centerX = PAGE_WIDTH / 2;
  const centerY = PAGE_HEIGHT / 2;
  const angle = (Math.atan2(PAGE_HEIGHT, PAGE_WIDTH) * 180) / Math.PI;
  const width = canvas.width(VOIDED_WATERMARK, WATERMARK);
  pdf.save();
  pdf.rotate(-angle, { origin: [centerX, centerY] });
  pdf.fillOpacity(0.22);
  // Lines are placed by their top; capitals are about 0.72 em tall, so this centres them.
  canvas.line(VOIDED_WATERMARK, centerX - width / 2, centerY - WATERMARK.size * 0.36, WATERMARK);
  pdf.restore();
}

const NOTICE: TextStyle = { size: 8, style: 'bold' };

/** The last line of a document cut at its page limit, drawn where the content stopped. */
export function drawPageLimitNotice(canvas: Canvas, y: number, maxPages: number): void {
  canvas.line(
    `El documento impreso se limita a ${maxPages} páginas; el contenido completo está en el XML.`,
    CONTENT_LEFT,
    y + 2,
    NOTICE,
  );
}

/** Footer with "Página n de m" on every page, and the voided watermark when it applies. */
export function drawPageMarks(canvas: Canvas, printed: PrintedDocument): void {
  const { start, count } = canvas.pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    canvas.pdf.switchToPage(index);
    drawFooter(canvas, printed, index - start + 1, count);
    if (printed.voided) drawWatermark(canvas);
  }
}
