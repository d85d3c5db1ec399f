/** Rewrites of what users type or paste, applied before the form stores it. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
export const upperCase = (value: string) => value.toUpperCase();

/**
 * What a field keeps of the text typed or pasted into it: rewritten first,
 * then cut to its length. The cut must come last: the browser's own
 * `maxlength` cuts first, so " 20606433094" or "R.U.C. N° 20606433094" would
 * lose digits before the letters and spaces around them are dropped.
 */
export function fitInput(
  value: string,
  normalize?: (value: string) => string,
  maxLength?: number,
): string {
  const rewritten = normalize ? normalize(value) : value;
  return maxLength === undefined ? rewritten : rewritten.slice(0, maxLength);
}

/**
 * The `maxlength` attribute a field may give the browser: none when it rewrites
 * its text, since `fitInput` must see the whole paste.
 */
export function nativeMaxLength(
  normalize: ((value: string) => string) | undefined,
  maxLength: number | undefined,
): number | undefined {
  return normalize ? undefined : maxLength;
}
