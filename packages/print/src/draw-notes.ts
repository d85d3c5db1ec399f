import type { Canvas, TextStyle } from './canvas.js';
import type { PageFlow } from './page-flow.js';
import { BLOCK_GAP, CONTENT_LEFT, CONTENT_WIDTH } from './page-geometry.js';

const HEADING: TextStyle = { size: 8, style: 'bold' };
const NOTE: TextStyle = { size: 8 };
const BULLET_INDENT = 9;

/**
 * Flows paragraphs line by line under a heading, so a long text continues on
 * the next page instead of running off this one; the heading stays with the
 * first line.
 */
export function drawParagraphs(
  canvas: Canvas,
  flow: PageFlow,
  heading: string,
  paragraphs: readonly string[],
): void {
  if (paragraphs.length === 0) return;
  const headingHeight = canvas.lineHeight(HEADING) + 2;
  const lineHeight = canvas.lineHeight(NOTE);
  flow.ensure(headingHeight + lineHeight);
  canvas.line(heading, CONTENT_LEFT, flow.y, HEADING);
  flow.advance(headingHeight);
  const textWidth = CONTENT_WIDTH - BULLET_INDENT;
  for (const paragraph of paragraphs) {
    canvas.wrap(paragraph, textWidth, NOTE).forEach((line, index) => {
      flow.ensure(lineHeight);
      if (index === 0) canvas.line('•', CONTENT_LEFT + 1, flow.y, NOTE);
      canvas.line(line, CONTENT_LEFT + BULLET_INDENT, flow.y, NOTE);
      flow.advance(lineHeight);
    });
    flow.advance(1.5);
  }
  flow.advance(BLOCK_GAP - 1.5);
}
