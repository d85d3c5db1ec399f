/**
 * Decimal text arithmetic for amounts ("1180.00"): exact, with BigInt, so no
 * binary float ever rounds a total.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Non-negative decimal text: digits, optionally a point and more digits. */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

interface Scaled {
  units: bigint;
  scale: number;
}

function toScaled(text: string): Scaled {
  const match = DECIMAL.exec(text);
  if (match === null) throw new RangeError(`Not a decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

function fromScaled({ units, scale }: Scaled): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
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

/** Whether the decimal is zero ("0", "0.00"). */
export function isZeroDecimal(text: string): boolean {
  return toScaled(text).units === 0n;
}

/** Rounded half up to two decimals ("11.8" → "11.80", "83.055" → "83.06"). */
export function toTwoDecimals(text: string): string {
  const { units, scale } = toScaled(text);
  if (scale <= 2) return fromScaled({ units: units * 10n ** BigInt(2 - scale), scale: 2 });
  const divisor = 10n ** BigInt(scale - 2);
  const rounded = (units + divisor / 2n) / divisor;
  return fromScaled({ units: rounded, scale: 2 });
}
