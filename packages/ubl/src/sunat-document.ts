import type { SunatDocument, WithholdingReceipt } from './types.js';

/** A comprobante de retención (20) or de percepción (40), rather than a receipt of a sale. */
export function isWithholdingReceipt(document: SunatDocument): document is WithholdingReceipt {
  return document.type === '20' || document.type === '40';
}
