import { formatAmount, isZeroDecimal } from '@sufel/contract';
import { addDecimals, type UblDocument } from '@sufel/ubl';
import type { PrintedTotal } from './printed-document.js';
import { capText, PRINT_LIMITS } from './printed-text-limits.js';

type TaxPart = 'taxableAmount' | 'amount';

/** Where each total comes from, in the order a Peruvian invoice lists them. */
type TotalSource =
  | { label: string; tax: string; part: TaxPart }
  | { label: string; total: 'allowance' | 'charge' | 'prepaid' };

/** Catalogue 05 codes: 1000 IGV, 1016 IVAP, 2000 ISC, 7152 ICBPER, 9995–9998 bases, 9999 others. */
const TOTAL_SOURCES: readonly TotalSource[] = [
  { label: 'Op. gravadas', tax: '1000', part: 'taxableAmount' },
  { label: 'Op. gravadas IVAP', tax: '1016', part: 'taxableAmount' },
  { label: 'Op. exoneradas', tax: '9997', part: 'taxableAmount' },
  { label: 'Op. inafectas', tax: '9998', part: 'taxableAmount' },
  { label: 'Op. gratuitas', tax: '9996', part: 'taxableAmount' },
  { label: 'Op. exportación', tax: '9995', part: 'taxableAmount' },
  { label: 'Descuentos', total: 'allowance' },
  { label: 'ISC', tax: '2000', part: 'amount' },
  { label: 'IGV', tax: '1000', part: 'amount' },
  { label: 'IVAP', tax: '1016', part: 'amount' },
  { label: 'ICBPER', tax: '7152', part: 'amount' },
  { label: 'Otros tributos', tax: '9999', part: 'amount' },
  { label: 'Otros cargos', total: 'charge' },
  { label: 'Anticipos', total: 'prepaid' },
];

const PAYABLE_LABEL = 'Importe total';

/**
 * The stated amount of one source, summing repeated subtotals of a tax exactly
 * (some are negative); null when absent.
 */
function sourceAmount(doc: UblDocument, source: TotalSource): string | null {
  if ('total' in source) return doc.totals[source.total];
  const amounts = doc.taxes
    .filter((tax) => tax.code === source.tax)
    .map((tax) => tax[source.part])
    .filter((amount): amount is string => amount !== null);
  if (amounts.length <= 1) return amounts[0] ?? null;
  return amounts.reduce(addDecimals);
}

function printedFigure(amount: string): string {
  return capText(formatAmount(amount), PRINT_LIMITS.short);
}

/** The totals the document states with a non-zero amount, then the payable total. */
export function printedTotals(doc: UblDocument): PrintedTotal[] {
  const rows: PrintedTotal[] = [];
  for (const source of TOTAL_SOURCES) {
    const amount = sourceAmount(doc, source);
    if (amount !== null && !isZeroDecimal(amount)) {
      rows.push({ label: source.label, amount: printedFigure(amount) });
    }
  }
  rows.push({ label: PAYABLE_LABEL, amount: printedFigure(doc.totals.payable) });
  return rows;
}
