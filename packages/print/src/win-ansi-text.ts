/**
 * The standard PDF fonts (Helvetica) only cover the WinAnsi character set. A
 * character outside it would be written as a broken code into the content
 * stream, so it is printed as '?' instead; the document still renders and the
 * reader sees where something could not be shown.
 */

/** Characters WinAnsi places in 0x80–0x9F, which Latin-1 leaves to controls. */
const WIN_ANSI_UPPER_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(char: string, code: number): boolean {
  return (
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_UPPER_EXTRAS.has(char)
  );
}

/**
 * Text ready for a standard font: composed accents (NFC), line breaks kept as
 * '\n', tabs as spaces, every other character outside WinAnsi as '?'.
 */
export function toWinAnsiText(text: string): string {
  let result = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n') result += '\n';
    else if (char === '\t') result += ' ';
    else result += isWinAnsi(char, code) ? char : '?';
  }
  return result;
}
