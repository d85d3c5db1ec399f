/**
 * Printed numbers. Amounts arrive as decimal text ("1180.00") and are rounded
 * with integer arithmetic, never through binary floats, so the printed cents
 * are the XML's cents.
 */

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Commas every three digits from the right. Built group by group: the usual
 * look-ahead regular expression rescans the rest of the number at every digit.
 */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let start = head; start < digits.length; start += 3) {
    groups.push(digits.slice(start, start + 3));
  }
  return groups.join(',');
}

/**
 * Decimal text rounded half away from zero to `maxDecimals`, trailing zeros
 * trimmed down to `minDecimals`, thousands separated by commas:
 * ("845.7627118644", 2, 4) → "845.7627"; ("1.0000000000", 2, 4) → "1.00".
 */
export function formatDecimal(value: string, minDecimals: number, maxDecimals: number): string {
  const match = DECIMAL.exec(value.trim());
  const [, sign = '', integerPart = '', fractionPart = ''] = match ?? [];
  if (!match || integerPart + fractionPart === '') {
    throw new RangeError(`Not a decimal number: "${value}"`);
  }
  const kept = fractionPart.padEnd(maxDecimals, '0').slice(0, maxDecimals);
  let scaled = BigInt(`${integerPart || '0'}${kept}`);
  if ((fractionPart[maxDecimals] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(maxDecimals + 1, '0');
  const whole = digits.slice(0, digits.length - maxDecimals);
  let fraction = digits.slice(digits.length - maxDecimals);
  while (fraction.length > minDecimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const negative = sign === '-' && scaled !== 0n;
  const text = groupThousands(whole) + (fraction === '' ? '' : `.${fraction}`);
  return negative ? `-${text}` : text;
}

/** An amount as printed: two decimals and thousands separators ("423,225.00"). */
export function formatAmount(value: string): string {
  return formatDecimal(value, 2, 2);
}

/** True when the decimal text is zero ("0", "0.00", "-0.0"). */
export function isZeroDecimal(value: string): boolean {
  return /^[+-]?0*(?:\.0*)?$/.test(value.trim()) && /\d/.test(value);
}
