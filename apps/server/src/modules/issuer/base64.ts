const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Strict base64 → bytes. Node's decoder silently skips invalid characters, so
 * the text is checked: canonical base64 (what nearly every client sends) is
 * recognised by encoding the bytes back, all in native code; anything else is
 * checked character by character, accepting line breaks (MIME-wrapped output),
 * missing padding and the URL-safe alphabet. Answers null when the text is not
 * base64.
 */
export function decodeBase64(text: string): Uint8Array | null {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') === text) return bytes;
  const compact = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) return null;
  const unpadded = compact.replace(/=+$/, '');
  if (compact.length - unpadded.length > 0 && compact.length % 4 !== 0) return null;
  return Buffer.from(compact, 'base64');
}
