import type { UblDocumentKind } from './document-kind.js';
import { quoteValue } from './errors.js';
import { sumTaxTotals } from './read-taxes.js';
import { decimalAt, missingField, requiredDecimalAt, requiredTextAt } from './read-values.js';
import { FREE_OF_CHARGE_AFFECTATIONS } from './tax-schemes.js';
import type { UblLine } from './types.js';
import { all, attributeOf, first, textAt, textOf } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

const LINE_ELEMENTS: Readonly<Record<UblDocumentKind, { line: string; quantity: string }>> = {
  Invoice: { line: 'cac:InvoiceLine', quantity: 'cbc:InvoicedQuantity' },
  CreditNote: { line: 'cac:CreditNoteLine', quantity: 'cbc:CreditedQuantity' },
  DebitNote: { line: 'cac:DebitNoteLine', quantity: 'cbc:DebitedQuantity' },
};

/** Catalogue 16: 01 unit price with taxes, 02 reference value of something given away. */
const PRICE_WITH_TAXES = '01';
const REFERENCE_VALUE_OF_FREE_ITEM = '02';
/** xs:boolean's two spellings of true. */
const FREE_OF_CHARGE_TRUE: ReadonlySet<string> = new Set(['true', '1']);

function alternativePrice(line: XmlElement, priceType: string): XmlElement | null {
  return (
    all(line, 'cac:PricingReference/cac:AlternativeConditionPrice').find(
      (price) => textAt(price, 'cbc:PriceTypeCode') === priceType,
    ) ?? null
  );
}

function readLine(line: XmlElement, position: number, quantityPath: string): UblLine {
  const id = requiredTextAt(line, 'cbc:ID', `Falta el número de la línea ${position} (cbc:ID).`);
  const where = `la línea ${quoteValue(id)}`;
  const quantity = requiredDecimalAt(line, quantityPath, `Falta la cantidad de ${where}.`);
  const unitCode = attributeOf(first(line, quantityPath), 'unitCode');
  if (unitCode === null) throw missingField(`Falta la unidad de medida (@unitCode) de ${where}.`);
  const descriptions = all(line, 'cac:Item/cbc:Description')
    .map(textOf)
    .filter((text) => text !== null);
  if (descriptions.length === 0) {
    throw missingField(`Falta la descripción (cac:Item/cbc:Description) de ${where}.`);
  }
  const taxExemptionCode = textAt(
    line,
    'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:TaxExemptionReasonCode',
  );
  const free =
    (taxExemptionCode !== null && FREE_OF_CHARGE_AFFECTATIONS.has(taxExemptionCode)) ||
    alternativePrice(line, REFERENCE_VALUE_OF_FREE_ITEM) !== null ||
    FREE_OF_CHARGE_TRUE.has(textAt(line, 'cbc:FreeOfChargeIndicator') ?? '');
  return {
    id,
    code: textAt(line, 'cac:Item/cac:SellersItemIdentification/cbc:ID'),
    description: descriptions.join(' '),
    quantity,
    unitCode,
    unitValue: requiredDecimalAt(
      line,
      'cac:Price/cbc:PriceAmount',
      `Falta el valor unitario (cac:Price/cbc:PriceAmount) de ${where}.`,
    ),
    unitPrice: decimalAt(alternativePrice(line, PRICE_WITH_TAXES), 'cbc:PriceAmount'),
    lineTotal: requiredDecimalAt(
      line,
      'cbc:LineExtensionAmount',
      `Falta el valor de venta (cbc:LineExtensionAmount) de ${where}.`,
    ),
    taxAmount: sumTaxTotals(line) ?? '0.00',
    taxExemptionCode,
    free,
  };
}

export function readLines(root: XmlElement, kind: UblDocumentKind): UblLine[] {
  const { line, quantity } = LINE_ELEMENTS[kind];
  return all(root, line).map((element, index) => readLine(element, index + 1, quantity));
}
