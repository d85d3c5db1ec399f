/** Reads a rendered PDF back with pdf.js, the way a viewer sees it. */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js takes ownership of the buffer it is given, so it gets a copy.
  return getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false }).promise;
}

/** The text of every page, whitespace collapsed so wrapped lines read as one sentence. */
export async function pageTexts(pdf: PDFDocumentProxy): Promise<string[]> {
  const texts: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const pieces = content.items.map((item) => ('str' in item ? item.str : ''));
    texts.push(pieces.join(' ').replace(/\s+/g, ' ').trim());
  }
  return texts;
}

export interface RenderedText {
  pageCount: number;
  pages: string[];
  /** All pages, one after the other. */
  text: string;
}

export async function readPdfText(bytes: Uint8Array): Promise<RenderedText> {
  const pdf = await openPdf(bytes);
  try {
    const pages = await pageTexts(pdf);
    return { pageCount: pdf.numPages, pages, text: pages.join(' ') };
  } finally {
    await pdf.destroy();
  }
}
