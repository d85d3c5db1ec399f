import { describe, expect, it } from 'vitest';
import { sessionStands } from './session-version.js';
import type { SessionClaims } from './tokens.js';

const changedAt = new Date('2026-01-01T10:00:00.700Z');
const claims = (extra: Partial<SessionClaims>): SessionClaims => ({
  scope: 'client',
  sub: '20415932376',
  jti: 'j',
  iat: Math.floor(changedAt.getTime() / 1000),
  exp: Math.floor(changedAt.getTime() / 1000) + 3600,
  ...extra,
});

describe('sessionStands', () => {
  it('honours a token only at the version it was issued under, whatever its time', () => {
    const account = { session_version: 2, password_changed_at: changedAt };
    expect(sessionStands(claims({ ver: 2 }), account)).toBe(true);
    expect(sessionStands(claims({ ver: 1 }), account)).toBe(false);
    expect(sessionStands(claims({ ver: 1, iat: 2_000_000_000 }), account)).toBe(false);
  });

  it('honours a token from before versions only while no password changed since', () => {
    const unchanged = { session_version: 0, password_changed_at: changedAt };
    expect(sessionStands(claims({}), unchanged)).toBe(true);
    expect(sessionStands(claims({ iat: claims({}).iat - 1 }), unchanged)).toBe(false);
    expect(sessionStands(claims({}), { ...unchanged, session_version: 1 })).toBe(false);
  });
});
