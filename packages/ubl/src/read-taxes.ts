import { addDecimals, isZeroDecimal } from './decimal.js';
import type { AdditionalInformation } from './read-additional-information.js';
import { decimalAt, missingField, requiredDecimalAt } from './read-values.js';
import { IGV_CODE, TAX_SCHEME_NAMES } from './tax-schemes.js';
import type { UblTaxSubtotal } from './types.js';
import { all, textAt } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/**
 * UBL 2.0 states the bases of untaxed operations only as catalogue 14
 * additional totals; UBL 2.1 states them as tax subtotals of catalogue 05.
 */
const TAX_CODE_BY_ADDITIONAL_TOTAL: Readonly<Record<string, string>> = {
  '1002': '9998',
  '1003': '9997',
  '1004': '9996',
};
const TAXED_BASE_ADDITIONAL_TOTAL = '1001';

export function readTaxSubtotal(subtotal: XmlElement): UblTaxSubtotal {
  const code = textAt(subtotal, 'cac:TaxCategory/cac:TaxScheme/cbc:ID');
  if (code === null) {
    throw missingField('Un subtotal de impuestos no indica su tributo (cac:TaxScheme/cbc:ID).');
  }
  return {
    code,
    name:
      TAX_SCHEME_NAMES[code] ?? textAt(subtotal, 'cac:TaxCategory/cac:TaxScheme/cbc:Name') ?? code,
    taxableAmount: decimalAt(subtotal, 'cbc:TaxableAmount'),
    amount: requiredDecimalAt(
      subtotal,
      'cbc:TaxAmount',
      `El subtotal del tributo ${code} no indica su importe (cbc:TaxAmount).`,
    ),
  };
}

/** Sum of the TaxTotal/TaxAmount under `element`; null when there is none. */
export function sumTaxTotals(element: XmlElement): string | null {
  let sum: string | null = null;
  for (const total of all(element, 'cac:TaxTotal')) {
    const amount = requiredDecimalAt(
      total,
      'cbc:TaxAmount',
      'Un total de impuestos no indica su importe (cac:TaxTotal/cbc:TaxAmount).',
    );
    sum = sum === null ? amount : addDecimals(sum, amount);
  }
  return sum;
}

function addAdditionalBases(
  taxes: UblTaxSubtotal[],
  { monetaryTotals }: AdditionalInformation,
): void {
  const taxedBase = monetaryTotals.get(TAXED_BASE_ADDITIONAL_TOTAL)?.amount ?? null;
  const igv = taxes.find((tax) => tax.code === IGV_CODE);
  if (igv !== undefined && igv.taxableAmount === null) igv.taxableAmount = taxedBase;
  for (const [additionalCode, code] of Object.entries(TAX_CODE_BY_ADDITIONAL_TOTAL)) {
    const base = monetaryTotals.get(additionalCode)?.amount ?? null;
    // A zero base means no such operation, as a 2.1 document would leave it out.
    if (base === null || isZeroDecimal(base) || taxes.some((tax) => tax.code === code)) continue;
    taxes.push({ code, name: TAX_SCHEME_NAMES[code] ?? code, taxableAmount: base, amount: '0.00' });
  }
}

/** The document's tax subtotals, completed with the 2.0 additional totals when present. */
export function readDocumentTaxes(
  root: XmlElement,
  additional: AdditionalInformation,
): UblTaxSubtotal[] {
  const taxes = all(root, 'cac:TaxTotal/cac:TaxSubtotal').map(readTaxSubtotal);
  addAdditionalBases(taxes, additional);
  return taxes;
}
