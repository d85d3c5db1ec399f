/**
 * Money is exchanged as text with exactly two decimals ("1180.00") and never
 * compared as a binary float: 0.1 + 0.2 must still find the document whose
 * total is 0.30.
 */

/** Largest amount a document total may carry (NUMERIC(18,2)). */
export const MAX_AMOUNT_INTEGER_DIGITS = 16;

const PLAIN = /^(\d+)(?:\.(\d+))?$/;
const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;
/** A currency as printed before a total: S/, S/., US$, $, €, or its ISO code. */
const CURRENCY_PREFIX = /^(?:S\/\.?|US\$|\$|€|PEN|USD|EUR)\s*/i;

function roundToCents(integerPart: string, fraction: string): string | null {
  const digits = (integerPart.replace(/^0+(?=\d)/, '') || '0') + (fraction + '00').slice(0, 2);
  let cents = BigInt(digits);
  // Round half away from zero on the third decimal.
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const text = cents.toString().padStart(3, '0');
  const whole = text.slice(0, -2);
  if (whole.length > MAX_AMOUNT_INTEGER_DIGITS) return null;
  return `${whole}.${text.slice(-2)}`;
}

/**
 * Normalises an amount given as a JSON number or as text to "#.##", rounding
 * to the cent; null when it is not a non-negative decimal. Text is read as
 * printed: with its currency ("S/ 1,180.00", "US$ 1180.00"), thousands
 * separators ("1,180.00") or a decimal comma ("11,80").
 */
export function normalizeAmount(input: number | string): string | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // The shortest round-trip form is what the sender meant (0.30000000000000004
    // still rounds to 0.30); exponent forms only occur at the extremes.
    const shortest = String(input);
    text = /e/i.test(shortest) ? input.toFixed(20) : shortest;
  } else {
    text = input.trim().replace(CURRENCY_PREFIX, '').replace(/\s+/g, '');
    if (THOUSANDS.test(text)) text = text.replace(/,/g, '');
    else if (DECIMAL_COMMA.test(text)) text = text.replace(',', '.');
  }
  const match = PLAIN.exec(text);
  if (!match) return null;
  return roundToCents(match[1] ?? '0', match[2] ?? '');
}

/** Amount text ("1180.00") → integer cents, for arithmetic without floats. */
export function amountToCents(amount: string): bigint {
  const normalized = normalizeAmount(amount);
  if (normalized === null) throw new RangeError(`Not an amount: ${amount}`);
  return BigInt(normalized.replace('.', ''));
}
