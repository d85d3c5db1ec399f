/**
 * The RUC a reset link was made for, read from its token's claims without
 * checking the signature: only to show it and fill the login afterwards; the
 * server checks the token itself.
 */
export function rucInLink(token: string): string | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    const sub =
      typeof claims === 'object' && claims !== null && 'sub' in claims ? claims.sub : null;
    return typeof sub === 'string' && /^\d{8,11}$/.test(sub) ? sub : null;
  } catch {
    // Not a token this portal made: the page shows no RUC and the server refuses it.
    return null;
  }
}
