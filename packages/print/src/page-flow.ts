import { CONTENT_BOTTOM, CONTENT_TOP } from './page-geometry.js';

/** Room kept at the foot of the last allowed page for the line that says the document was cut. */
export const PAGE_LIMIT_NOTICE_HEIGHT = 14;

/** Thrown when content would need a page beyond the limit; the renderer then ends the document. */
export class PageLimitReached extends Error {
  constructor(readonly maxPages: number) {
    super(`The printed document reached its limit of ${maxPages} pages`);
    this.name = 'PageLimitReached';
  }
}

/**
 * The vertical position where the next block goes, and the page breaks: a
 * block that does not fit in what is left of the page moves to a new one,
 * which starts with the continuation header. There are at most `maxPages`.
 */
export class PageFlow {
  y = CONTENT_TOP;
  private pages = 1;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    /** Draws the header of a continuation page and answers where content starts. */
    private readonly startPage: () => number,
    private readonly maxPages: number,
  ) {}

  private get bottom(): number {
    return this.pages >= this.maxPages ? CONTENT_BOTTOM - PAGE_LIMIT_NOTICE_HEIGHT : CONTENT_BOTTOM;
  }

  get available(): number {
    return this.bottom - this.y;
  }

  newPage(): void {
    if (this.pages >= this.maxPages) throw new PageLimitReached(this.maxPages);
    this.pdf.addPage();
    this.pages += 1;
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
