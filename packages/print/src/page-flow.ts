import { CONTENT_BOTTOM, CONTENT_TOP } from './page-geometry.js';

/**
 * The vertical position where the next block goes, and the page breaks: a
 * block that does not fit in what is left of the page moves to a new one,
 * which starts with the continuation header.
 */
export class PageFlow {
  y = CONTENT_TOP;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    /** Draws the header of a continuation page and answers where content starts. */
    private readonly startPage: () => number,
  ) {}

  get available(): number {
    return CONTENT_BOTTOM - this.y;
  }

  newPage(): void {
    this.pdf.addPage();
    this.y = this.startPage();
  }

  /** Starts a new page unless `height` still fits; true when a page was added. */
  ensure(height: number): boolean {
    if (height <= this.available) return false;
    this.newPage();
    return true;
  }

  advance(height: number): void {
    this.y += height;
  }
}
