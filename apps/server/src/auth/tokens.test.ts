import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenError, TokenService } from './tokens.js';

const secret = new TextEncoder().encode('s'.repeat(48));

describe('TokenService', () => {
  it('issues scoped tokens that verify', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const tokens = new TokenService(secret, () => now);
    const issued = await tokens.issue('document', '42', { xsrf: 'xsrf-value' });
    expect(issued.expire).toBe(now.getTime() / 1000 + 5 * 3600);
    const claims = await tokens.verify(issued.token);
    expect(claims).toMatchObject({
      scope: 'document',
      sub: '42',
      xsf: 'xsrf-value',
      jti: issued.jti,
    });
  });

  it("carries the account's session version", async () => {
    const tokens = new TokenService(secret);
    const { token } = await tokens.issue('client', '20415932376', { version: 3 });
    expect((await tokens.verify(token)).ver).toBe(3);
    const consultation = await tokens.issue('document', '42');
    expect(await tokens.verify(consultation.token)).not.toHaveProperty('ver');
  });

  it('gives issuers two days and clients five hours', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const tokens = new TokenService(secret, () => now);
    const base = now.getTime() / 1000;
    expect((await tokens.issue('company', '20606433094')).expire).toBe(base + 2 * 86400);
    expect((await tokens.issue('client', '20415932376')).expire).toBe(base + 5 * 3600);
  });

  it('rejects an expired token as expired', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const tokens = new TokenService(secret, () => now);
    const { token } = await tokens.issue('client', '20415932376');
    now = new Date('2026-01-01T05:00:01Z');
    await expect(tokens.verify(token)).rejects.toEqual(new TokenError('expired'));
  });

  it('rejects a token signed with another secret', async () => {
    const other = new TokenService(new TextEncoder().encode('o'.repeat(48)));
    const { token } = await other.issue('company', '20606433094');
    await expect(new TokenService(secret).verify(token)).rejects.toEqual(new TokenError('invalid'));
  });

  it('rejects garbage, unknown scopes and the none algorithm', async () => {
    const tokens = new TokenService(secret);
    await expect(tokens.verify('not-a-token')).rejects.toEqual(new TokenError('invalid'));
    const foreign = await new SignJWT({ scope: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setJti('j')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    await expect(tokens.verify(foreign)).rejects.toEqual(new TokenError('invalid'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      '{"scope":"company","sub":"20606433094","jti":"j","iat":1,"exp":9999999999}',
    ).toString('base64url')}.`;
    await expect(tokens.verify(unsigned)).rejects.toEqual(new TokenError('invalid'));
  });
});

describe('token format', () => {
  it('is a standard HS256 JWT that other implementations verify', async () => {
    const now = new Date();
    const { token } = await new TokenService(secret, () => now).issue('client', '20415932376');
    const { payload, protectedHeader } = await jwtVerify(token, secret);
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ scope: 'client', sub: '20415932376' });
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const tokens = new TokenService(secret);
    const { token } = await tokens.issue('client', '20415932376');
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ scope: 'client', sub: '20100070970', jti: 'j', iat: 1, exp: 9999999999 }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toEqual(
      new TokenError('invalid'),
    );
  });
});
