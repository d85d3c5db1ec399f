import { missingField } from './read-values.js';
import type { UblReference } from './types.js';
import { first, textAt } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/**
 * The document a credit or debit note modifies (`cac:BillingReference`) and
 * why (`cac:DiscrepancyResponse`, catalogue 09 or 10).
 */
export function readNoteReference(root: XmlElement): UblReference {
  const modified = first(root, 'cac:BillingReference/cac:InvoiceDocumentReference');
  const discrepancy = first(root, 'cac:DiscrepancyResponse');
  const documentNumber = textAt(modified, 'cbc:ID') ?? textAt(discrepancy, 'cbc:ReferenceID');
  if (documentNumber === null) {
    throw missingField(
      'La nota no indica el comprobante que modifica (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID).',
    );
  }
  return {
    type: textAt(modified, 'cbc:DocumentTypeCode'),
    documentNumber,
    reasonCode: textAt(discrepancy, 'cbc:ResponseCode'),
    reason: textAt(discrepancy, 'cbc:Description'),
  };
}
