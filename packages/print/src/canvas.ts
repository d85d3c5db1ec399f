import { COLORS } from './page-geometry.js';
import { toWinAnsiText } from './win-ansi-text.js';
import { wrapText } from './wrap-text.js';

export type FontStyle = 'regular' | 'bold' | 'italic';

export interface TextStyle {
  size: number;
  style?: FontStyle;
  color?: string;
}

export type Alignment = 'left' | 'right' | 'center';

const FONT_NAMES: Readonly<Record<FontStyle, string>> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
};

const LINE_SPACING = 1.22;

/**
 * The only way text reaches the PDF: every string is made WinAnsi-safe and
 * wrapped here, and lines are placed by their top edge so blocks can be
 * measured before they are drawn.
 */
export class Canvas {
  constructor(readonly pdf: PDFKit.PDFDocument) {}

  private use(style: TextStyle): void {
    this.pdf
      .font(FONT_NAMES[style.style ?? 'regular'])
      .fontSize(style.size)
      .fillColor(style.color ?? COLORS.text);
  }

  lineHeight(style: TextStyle): number {
    return style.size * LINE_SPACING;
  }

  /** `text` broken into lines no wider than `width` in `style`. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    this.use(style);
    return wrapText(toWinAnsiText(text), width, (part) => this.pdf.widthOfString(part));
  }

  width(text: string, style: TextStyle): number {
    this.use(style);
    return this.pdf.widthOfString(toWinAnsiText(text));
  }

  /** One line with its top at `y`; right and center alignment within `width`. */
  line(
    text: string,
    x: number,
    y: number,
    style: TextStyle,
    align: Alignment = 'left',
    width = 0,
  ): void {
    const safe = toWinAnsiText(text).replace(/\n/g, ' ');
    this.use(style);
    const textWidth = this.pdf.widthOfString(safe);
    let left = x;
    if (align === 'right') left = x + width - textWidth;
    else if (align === 'center') left = x + (width - textWidth) / 2;
    this.pdf.text(safe, left, y, { lineBreak: false });
  }

  /** Lines drawn one under the other from `y`; answers the height used. */
  lines(
    lines: readonly string[],
    x: number,
    y: number,
    style: TextStyle,
    align: Alignment = 'left',
    width = 0,
  ): number {
    const height = this.lineHeight(style);
    lines.forEach((text, index) => this.line(text, x, y + index * height, style, align, width));
    return lines.length * height;
  }

  /** Wraps and draws a paragraph; answers the height used. */
  paragraph(
    text: string,
    x: number,
    y: number,
    width: number,
    style: TextStyle,
    align: Alignment = 'left',
  ): number {
    return this.lines(this.wrap(text, width, style), x, y, style, align, width);
  }

  box(x: number, y: number, width: number, height: number, color: string = COLORS.border): void {
    this.pdf.lineWidth(0.8).roundedRect(x, y, width, height, 3).stroke(color);
  }

  band(x: number, y: number, width: number, height: number, color: string = COLORS.band): void {
    this.pdf.rect(x, y, width, height).fill(color);
  }

  rule(x1: number, x2: number, y: number, color: string = COLORS.rule, width = 0.5): void {
    this.pdf.lineWidth(width).moveTo(x1, y).lineTo(x2, y).stroke(color);
  }
}
