import { formatAmount, formatDecimal } from '@sufel/contract';
import type { UblLine } from '@sufel/ubl';
import type { PrintedLine } from './printed-document.js';
import { capText, PRINT_LIMITS } from './printed-text-limits.js';
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
  const short = (text: string) => capText(text, PRINT_LIMITS.short);
  return {
    number: short(line.id.trim() === '' ? String(index + 1) : line.id.trim()),
    quantity: short(formatDecimal(line.quantity, 2, QUANTITY_DECIMALS)),
    unit: short(unitName(line.unitCode)),
    code: short(line.code ?? ''),
    description: capText(line.description, PRINT_LIMITS.description),
    freeNote: line.free ? FREE_LINE_NOTE : null,
    unitValue: short(formatDecimal(line.unitValue, 2, UNIT_VALUE_DECIMALS)),
    unitPrice:
      line.unitPrice === null ? '-' : short(formatDecimal(line.unitPrice, 2, UNIT_VALUE_DECIMALS)),
    amount: short(formatAmount(line.lineTotal)),
  };
}
