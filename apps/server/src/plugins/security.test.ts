import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, securityHeaders } from './security.js';

describe('securityHeaders', () => {
  const options = {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'same-origin' as const },
  };

  it('works out helmet’s headers once, HSTS only when asked', () => {
    const headers = new Map(securityHeaders({ ...options, hsts: false }));
    expect(headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
    expect(headers.get('Referrer-Policy')).toBe('same-origin');
    expect(headers.has('Strict-Transport-Security')).toBe(false);
    const https = new Map(securityHeaders({ ...options, hsts: { maxAge: 31_536_000 } }));
    expect(https.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses a policy helmet refuses', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self';"] } },
      }),
    ).toThrow();
  });
});
