/**
 * Amounts of the purchase register as whole cents. SIRE writes at most twelve
 * integer digits and two decimals, so every amount is a safe integer and sums
 * and comparisons to the cent are exact.
 */
export type Cents = number;

/** "535.97", "-313.56", "0", and Tabla 12's "- 313.56"; no thousands separator. */
const AMOUNT = /^(-\s?)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** The amount in cents, or null when the text is not an amount of the register. */
export function parseCents(text: string): Cents | null {
  // Most amounts of a proposal are zero: skip the pattern for them.
  if (text === '0.00') return 0;
  const match = AMOUNT.exec(text.trim());
  if (match === null) return null;
  const [, minus, integer = '', fraction = ''] = match;
  const cents = Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
  return minus !== undefined && cents !== 0 ? -cents : cents;
}

/** "-313.56" for -31356: two decimals, no thousands separator. */
export function formatCents(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const magnitude = Math.abs(cents);
  const units = Math.trunc(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${units}.${fraction}`;
}
