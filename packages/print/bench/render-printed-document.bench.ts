/**
 * Time to render a printed document, since the server may render on demand:
 * `npm run bench -w @sufel/print`.
 */
import { bench, describe } from 'vitest';
import { renderPrintedDocument } from '../src/render-printed-document.js';
import { longInvoice, sunatQrText } from '../test/sample-documents.js';

const fiveLines = longInvoice(5);
const hundredLines = longInvoice(100);

describe('renderPrintedDocument', () => {
  bench('factura with 5 lines', async () => {
    await renderPrintedDocument(fiveLines, { qrText: sunatQrText(fiveLines) });
  });

  bench('factura with 100 lines', async () => {
    await renderPrintedDocument(hundredLines, { qrText: sunatQrText(hundredLines) });
  });
});
