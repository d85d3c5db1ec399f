import { formatSize, quoteValue, UblError } from './errors.js';

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

type ByteOrder = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Encoding labels accepted in the XML declaration (compared in lower case). */
const DECLARED_ENCODINGS: ReadonlySet<string> = new Set([
  'utf-8',
  'utf8',
  'us-ascii',
  'ascii',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'latin1',
  'latin-1',
  'l1',
  'windows-1252',
  'cp1252',
]);

const DECLARATION = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']*)["']/;
const DECLARATION_SCAN_BYTES = 512;

const utf8Strict = new TextDecoder('utf-8', { fatal: true });
// ISO-8859-1 is read as windows-1252, as browsers do: they differ only in C1
// control characters, which no invoice means to contain.
const latin1 = new TextDecoder('windows-1252');

/** Refuses input over `maxBytes`, before anything is decoded or unpacked. */
export function assertWithinSize(size: number, maxBytes: number): void {
  if (size > maxBytes) {
    throw new UblError(
      'too_large',
      `El archivo supera el tamaño máximo de ${formatSize(maxBytes)}.`,
    );
  }
}

function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    // A surrogate pair is four bytes in UTF-8: two for each half.
    else if (unit >= 0xd800 && unit <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

function byteOrderMark(bytes: Uint8Array): ByteOrder | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

function assertSupportedDeclaration(bytes: Uint8Array): void {
  const head = latin1.decode(bytes.subarray(0, DECLARATION_SCAN_BYTES));
  const label = DECLARATION.exec(head)?.[1];
  if (label === undefined || DECLARED_ENCODINGS.has(label.trim().toLowerCase())) return;
  throw new UblError(
    'invalid_value',
    `La codificación ${quoteValue(label)} del XML no está admitida: use UTF-8 o ISO-8859-1.`,
  );
}

/** Valid UTF-8 text, or null when the bytes are not UTF-8. */
function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return null;
  }
}

function decodeBytes(bytes: Uint8Array): string {
  const bom = byteOrderMark(bytes);
  // A byte order mark says more about the bytes than a declaration typed by hand.
  if (bom !== null) return new TextDecoder(bom).decode(bytes);
  assertSupportedDeclaration(bytes);
  // Issuers' tools often declare one encoding and write the other. Valid UTF-8
  // multi-byte sequences almost never occur by chance in Latin-1 Spanish text,
  // so bytes that decode as UTF-8 are UTF-8 and bytes that do not are Latin-1,
  // whichever of the two the declaration names.
  return tryUtf8(bytes) ?? latin1.decode(bytes);
}

/**
 * The text of an XML file: bytes are decoded by their byte order mark, else
 * by what they really are (UTF-8 or Latin-1) whatever the declaration says; a
 * string is used as is. Size is checked before any decoding.
 */
export function decodeXml(input: Uint8Array | string, maxBytes: number): string {
  assertWithinSize(typeof input === 'string' ? utf8ByteLength(input) : input.byteLength, maxBytes);
  const text = typeof input === 'string' ? input.replace(/^\uFEFF/, '') : decodeBytes(input);
  if (text.trim() === '') throw new UblError('empty', 'El archivo está vacío.');
  return text;
}

const LATIN1_LABELS: ReadonlySet<string> = new Set(
  [...DECLARED_ENCODINGS].filter((label) => !label.startsWith('utf') && !label.includes('ascii')),
);

/**
 * The text as a tool that believed the declaration would have read it, when
 * that differs from `decodeXml`'s: bytes declared Latin-1 that are valid UTF-8.
 * A signer may have signed either reading.
 */
export function declaredReading(input: Uint8Array | string): string | null {
  if (typeof input === 'string' || byteOrderMark(input) !== null) return null;
  const label = DECLARATION.exec(latin1.decode(input.subarray(0, DECLARATION_SCAN_BYTES)))?.[1];
  if (label === undefined || !LATIN1_LABELS.has(label.trim().toLowerCase())) return null;
  if (!input.some((byte) => byte >= 0x80) || tryUtf8(input) === null) return null;
  return latin1.decode(input);
}
