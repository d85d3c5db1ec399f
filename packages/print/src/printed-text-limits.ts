/**
 * How much of each field a printed document shows. The PDF is read by
 * people: a name of megabytes or a description pasted from a base64 blob is
 * cut to a readable length, ends with a visible mark, and the XML keeps the
 * whole text. Nothing is refused for being long.
 */

/** Ends every cut field. */
export const CUT_MARK = '… (texto completo en el XML)';

export const PRINT_LIMITS = {
  /** Issuer, trade and customer names. */
  name: 300,
  /** Addresses, the reason of a note, each line of the verification caption. */
  text: 500,
  /** A line item's description. */
  description: 2_000,
  /** Every note of the document together. */
  notes: 20_000,
  /** Codes, identifiers and figures. */
  short: 60,
  /** SUNAT observations printed beside the QR code. */
  observations: 20,
  /** Pages of one PDF; the last line says the limit was reached. */
  pages: 200,
} as const;

/** `text` when it has at most `max` characters, else its first `max` followed by the mark. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: half a character would print as '?'.
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return `${text.slice(0, end).trimEnd()}${CUT_MARK}`;
}

/**
 * Paragraphs that share `maxTotal` characters in order: the one that reaches
 * the limit is cut with the mark and those after it are left to the XML.
 */
export function capParagraphs(paragraphs: readonly string[], maxTotal: number): string[] {
  const kept: string[] = [];
  let left = maxTotal;
  for (const paragraph of paragraphs) {
    if (paragraph.length > left) {
      kept.push(capText(paragraph, Math.max(left, 1)));
      break;
    }
    kept.push(paragraph);
    left -= paragraph.length;
  }
  return kept;
}
