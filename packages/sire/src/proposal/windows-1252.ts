/**
 * The 0x80–0x9F row of Windows-1252, where it differs from Latin-1 (“ ” – —
 * € …). Node's TextDecoder reads "windows-1252" as plain Latin-1, so this
 * table puts the characters back; bytes Windows-1252 leaves undefined stay as
 * they are.
 */
const C1_ROW: readonly (number | null)[] = [
  0x20ac,
  null,
  0x201a,
  0x0192,
  0x201e,
  0x2026,
  0x2020,
  0x2021,
  0x02c6,
  0x2030,
  0x0160,
  0x2039,
  0x0152,
  null,
  0x017d,
  null,
  null,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2022,
  0x2013,
  0x2014,
  0x02dc,
  0x2122,
  0x0161,
  0x203a,
  0x0153,
  null,
  0x017e,
  0x0178,
];

const FROM_C1 = new Map<string, string>();
const TO_BYTE = new Map<string, number>();
C1_ROW.forEach((codePoint, offset) => {
  if (codePoint === null) return;
  FROM_C1.set(String.fromCharCode(0x80 + offset), String.fromCharCode(codePoint));
  TO_BYTE.set(String.fromCharCode(codePoint), 0x80 + offset);
});

const latin1 = new TextDecoder('latin1');

/** Windows-1252 bytes as text. One byte is one character, so chunks need no carry-over. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const text = latin1.decode(bytes);
  return /[\u0080-\u009f]/.test(text)
    ? text.replace(/[\u0080-\u009f]/g, (c) => FROM_C1.get(c) ?? c)
    : text;
}

/** Text as Windows-1252; a character it cannot hold becomes "?". */
export function encodeWindows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    bytes[length++] = code < 0x100 ? code : (TO_BYTE.get(character) ?? 0x3f);
  }
  return bytes.subarray(0, length);
}
