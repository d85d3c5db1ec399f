import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text as a viewer reads it, pages joined, whitespace collapsed. */
export async function readPdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return { pages: pdf.numPages, text: pages.join(' ').replace(/\s+/g, ' ') };
  } finally {
    await pdf.destroy();
  }
}
