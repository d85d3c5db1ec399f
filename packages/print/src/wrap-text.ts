/** Width of a text in points, in the font and size it will be drawn with. */
export type MeasureWidth = (text: string) => number;

/**
 * What each character adds to the width of the text before it. Font metrics
 * are additive (an advance per glyph plus a kerning per pair), so the width of
 * `…ab` is the width of `…a` plus width("ab") − width("a"). Each distinct pair
 * is measured once, which keeps wrapping linear in the length of the text
 * however long a word is.
 */
function advanceOf(measure: MeasureWidth): (previous: string, char: string) => number {
  const cache = new Map<string, number>();
  const widthOf = (text: string): number => {
    let width = cache.get(text);
    if (width === undefined) {
      width = measure(text);
      cache.set(text, width);
    }
    return width;
  };
  return (previous, char) =>
    previous === '' ? widthOf(char) : widthOf(previous + char) - widthOf(previous);
}

/**
 * Splits a text into lines no wider than `width`: at spaces where possible,
 * inside a word only when the word alone is wider than the line, and at every
 * line break the text carries. Runs of spaces collapse to one. An empty text
 * is one empty line, so every cell keeps its height. Every character is
 * measured a bounded number of times, so the cost grows with the text's length.
 */
export function wrapText(text: string, width: number, measure: MeasureWidth): string[] {
  const advance = advanceOf(measure);
  const lines: string[] = [];
  for (const paragraph of text.trim().split('\n')) {
    let current = '';
    let currentWidth = 0;
    for (const word of paragraph.split(/ +/)) {
      if (word === '') continue;
      if (current !== '') {
        // The word joins the line only if all of it fits; the walk stops at the first overflow.
        let joined = currentWidth + advance(current[current.length - 1]!, ' ');
        let previous = ' ';
        let fits = true;
        for (const char of word) {
          joined += advance(previous, char);
          previous = char;
          if (joined > width) {
            fits = false;
            break;
          }
        }
        if (fits) {
          current = `${current} ${word}`;
          currentWidth = joined;
          continue;
        }
        lines.push(current);
      }
      // On a line of its own, a word wider than the line is cut where it overflows.
      let start = 0;
      let pieceWidth = 0;
      let previous = '';
      let index = 0;
      for (const char of word) {
        const added = advance(previous, char);
        if (index > start && pieceWidth + added > width) {
          lines.push(word.slice(start, index));
          start = index;
          pieceWidth = advance('', char);
        } else {
          pieceWidth += added;
        }
        previous = char;
        index += char.length;
      }
      current = word.slice(start);
      currentWidth = pieceWidth;
    }
    lines.push(current);
  }
  return lines;
}
