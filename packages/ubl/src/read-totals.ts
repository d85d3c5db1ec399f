import type { UblDocumentKind } from './document-kind.js';
import { sumTaxTotals } from './read-taxes.js';
import { decimalAt, requiredAmountAt } from './read-values.js';
import type { UblTotals } from './types.js';
import { first } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/**
 * Totals of `cac:LegalMonetaryTotal`, or of `cac:RequestedMonetaryTotal` in a
 * debit note. Either is accepted in place of the other: issuers mix them up
 * and the amounts mean the same.
 */
export function readTotals(root: XmlElement, kind: UblDocumentKind): UblTotals {
  const [expected, alternative] =
    kind === 'DebitNote'
      ? ['cac:RequestedMonetaryTotal', 'cac:LegalMonetaryTotal']
      : ['cac:LegalMonetaryTotal', 'cac:RequestedMonetaryTotal'];
  const monetary = first(root, expected) ?? first(root, alternative);
  return {
    lineExtension: decimalAt(monetary, 'cbc:LineExtensionAmount'),
    taxExclusive: decimalAt(monetary, 'cbc:TaxExclusiveAmount'),
    taxInclusive: decimalAt(monetary, 'cbc:TaxInclusiveAmount'),
    allowance: decimalAt(monetary, 'cbc:AllowanceTotalAmount'),
    charge: decimalAt(monetary, 'cbc:ChargeTotalAmount'),
    prepaid: decimalAt(monetary, 'cbc:PrepaidAmount'),
    tax: sumTaxTotals(root),
    payable: requiredAmountAt(
      monetary,
      'cbc:PayableAmount',
      `Falta el importe total (${expected}/cbc:PayableAmount).`,
    ),
  };
}
