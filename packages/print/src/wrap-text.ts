/** Width of a text in points, in the font and size it will be drawn with. */
export type MeasureWidth = (text: string) => number;

/** Length of the longest prefix of `word` that fits in `width` (at least one character). */
function fittingPrefixLength(word: string, width: number, measure: MeasureWidth): number {
  let low = 1;
  let high = word.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(word.slice(0, middle)) <= width) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Splits a text into lines no wider than `width`: at spaces where possible,
 * inside a word only when the word alone is wider than the line, and at every
 * line break the text carries. Runs of spaces collapse to one. An empty text
 * is one empty line, so every cell keeps its height.
 */
export function wrapText(text: string, width: number, measure: MeasureWidth): string[] {
  const lines: string[] = [];
  for (const paragraph of text.trim().split('\n')) {
    const words = paragraph.split(/ +/).filter((word) => word.length > 0);
    let current = '';
    for (const word of words) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (measure(candidate) <= width) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      let rest = word;
      while (rest.length > 1 && measure(rest) > width) {
        const cut = fittingPrefixLength(rest, width, measure);
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines;
}
