import { formatCents, type Cents } from '@sufel/sire';

/** A stored NUMERIC(…, 2) as whole cents ("-313.56" → -31356), exact. */
export function centsOf(text: string): Cents {
  const negative = text.startsWith('-');
  const [units = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

export { formatCents };
