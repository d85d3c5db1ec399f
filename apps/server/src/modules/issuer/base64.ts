const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Strict base64 → bytes. Node's decoder silently skips invalid characters, so
 * the text is checked first; line breaks (MIME-wrapped output) and the
 * URL-safe alphabet are accepted. Answers null when the text is not base64.
 */
export function decodeBase64(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (compact.length % 4 === 1 || !BASE64.test(compact)) return null;
  const unpadded = compact.replace(/=+$/, '');
  if (compact.length - unpadded.length > 0 && compact.length % 4 !== 0) return null;
  return Buffer.from(compact, 'base64');
}
