/**
 * Decimal text arithmetic for amounts ("1180.00", "-8.44"): exact, with
 * BigInt, so no binary float ever rounds a total.
 */

const PLAIN = /^\d+(?:\.\d+)?$/;
/** The lexical space of xs:decimal: a sign, and digits on either side of the point. */
const XML_DECIMAL = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** Non-negative decimal text without sign: digits, optionally a point and more digits. */
export function isDecimal(text: string): boolean {
  return PLAIN.test(text);
}

/**
 * An xs:decimal as canonical text ("+5" → "5", ".5" → "0.5", "-1." → "-1",
 * "-0.00" → "0.00"); null when it is not one. Lines, taxes, allowances and
 * rounding amounts of real documents may be negative.
 */
export function canonicalDecimal(text: string): string | null {
  const match = XML_DECIMAL.exec(text);
  if (match === null) return null;
  const [, sign, integerPart, fractionPart, fractionOnly] = match;
  const fraction = fractionOnly ?? fractionPart ?? '';
  const integer = (integerPart ?? '').replace(/^0+(?=\d)/, '') || '0';
  const digits = fraction === '' ? integer : `${integer}.${fraction}`;
  const zero = /^[0.]*$/.test(digits);
  return sign === '-' && !zero ? `-${digits}` : digits;
}

interface Scaled {
  units: bigint;
  scale: number;
}

function toScaled(text: string): Scaled {
  const canonical = canonicalDecimal(text);
  if (canonical === null) throw new RangeError(`Not a decimal: ${text}`);
  const negative = canonical.startsWith('-');
  const [integer = '', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  const units = BigInt(integer + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function fromScaled({ units, scale }: Scaled): string {
  const sign = units < 0n ? '-' : '';
  const magnitude = units < 0n ? -units : units;
  if (scale === 0) return `${sign}${magnitude}`;
  const digits = magnitude.toString().padStart(scale + 1, '0');
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** a + b, keeping the larger number of decimals ("0.15" + "0.5" = "0.65"). */
export function addDecimals(a: string, b: string): string {
  const left = toScaled(a);
  const right = toScaled(b);
  const scale = Math.max(left.scale, right.scale);
  const units =
    left.units * 10n ** BigInt(scale - left.scale) +
    right.units * 10n ** BigInt(scale - right.scale);
  return fromScaled({ units, scale });
}

/** Whether the decimal is zero ("0", "0.00", "-0.0"). */
export function isZeroDecimal(text: string): boolean {
  return toScaled(text).units === 0n;
}

/**
 * Rounded half away from zero to two decimals ("11.8" → "11.80",
 * "83.055" → "83.06", "-8.445" → "-8.45").
 */
export function toTwoDecimals(text: string): string {
  const { units, scale } = toScaled(text);
  if (scale <= 2) return fromScaled({ units: units * 10n ** BigInt(2 - scale), scale: 2 });
  const divisor = 10n ** BigInt(scale - 2);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return fromScaled({ units: units < 0n ? -rounded : rounded, scale: 2 });
}

/** Digits before the point ("-12345.6" → 5): what a NUMERIC column's precision limits. */
export function integerDigits(text: string): number {
  const { units, scale } = toScaled(text);
  const digits = (units < 0n ? -units : units).toString().length - scale;
  return Math.max(digits, 0);
}

/**
 * A declared factor as a percentage, moving the point two places and nothing
 * else ("0.02" → "2.00", "0.035" → "3.50", "0.12345" → "12.345"): what
 * the issuer declared, never a rounded or recomputed rate.
 */
export function percentOfFactor(text: string): string {
  const { units, scale } = toScaled(text);
  const percentScale = Math.max(scale - 2, 2);
  return fromScaled({
    units: units * 10n ** BigInt(percentScale - (scale - 2)),
    scale: percentScale,
  });
}
