import type { UblLine } from '@sufel/ubl';
import { formatAmount, formatDecimal } from './decimal-format.js';
import type { PrintedLine } from './printed-document.js';
import { unitName } from './sunat-catalogs.js';

export const FREE_LINE_NOTE = 'Transferencia gratuita (valor referencial)';

/**
 * Unit values may carry up to ten decimals in the XML; four keep the cents of
 * any realistic quantity exact while the column stays readable.
 */
const UNIT_VALUE_DECIMALS = 4;
const QUANTITY_DECIMALS = 6;

/** One row of the line items table. */
export function printedLine(line: UblLine, index: number): PrintedLine {
  return {
    number: line.id.trim() === '' ? String(index + 1) : line.id.trim(),
    quantity: formatDecimal(line.quantity, 2, QUANTITY_DECIMALS),
    unit: unitName(line.unitCode),
    code: line.code ?? '',
    description: line.description,
    freeNote: line.free ? FREE_LINE_NOTE : null,
    unitValue: formatDecimal(line.unitValue, 2, UNIT_VALUE_DECIMALS),
    unitPrice:
      line.unitPrice === null ? '-' : formatDecimal(line.unitPrice, 2, UNIT_VALUE_DECIMALS),
    amount: formatAmount(line.lineTotal),
  };
}
