import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * HS256 JSON Web Tokens in compact form, the only kind this server issues or
 * accepts. The header is fixed, so tokens naming another algorithm (or none)
 * are refused before any signature is computed.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signatureOf(data: string, key: KeyObject): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

export function signJwt(payload: Record<string, unknown>, key: KeyObject): string {
  const data = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${data}.${signatureOf(data, key)}`;
}

/** The payload of a token this key signed, or null for anything else. */
export function verifyJwt(token: string, key: KeyObject): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const [header, body, signature] = parts as [string, string, string];
  const expected = Buffer.from(signatureOf(`${header}.${body}`, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    // A signed token always carries JSON; anything else is not one of ours.
    return null;
  }
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
    ? (payload as Record<string, unknown>)
    : null;
}
