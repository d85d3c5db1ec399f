/**
 * Android's browsers draw nothing for a PDF in a frame (Chrome offers only a
 * download), so there the preview shows the first page as an image instead.
 */
export function canShowPdfInFrame(userAgent: string = navigator.userAgent): boolean {
  return !/\bAndroid\b/i.test(userAgent);
}

/**
 * The first page of a PDF as a PNG `width` CSS pixels wide, drawn by pdf.js.
 * pdf.js (several hundred KB) is loaded on the first call only, so browsers
 * that show PDFs themselves never download it.
 */
export async function renderFirstPage(pdf: Blob, width: number): Promise<Blob> {
  const [{ getDocument, GlobalWorkerOptions }, { default: workerUrl }] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  GlobalWorkerOptions.workerSrc = workerUrl;
  // The portal's CSP forbids eval; without this pdf.js would try it and be refused.
  const task = getDocument({
    data: new Uint8Array(await pdf.arrayBuffer()),
    isEvalSupported: false,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const scale =
      (width * Math.max(1, window.devicePixelRatio)) / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale });
    const canvas = window.document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (image) =>
          image ? resolve(image) : reject(new Error('The first page could not be encoded as PNG')),
        'image/png',
      ),
    );
  } finally {
    await task.destroy();
  }
}
