import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { ISSUER_PASSWORD, publishSample } from '../../../test/helpers/issuers.js';
import { secondConnection } from '../../../test/helpers/test-database.js';
import { createPasswordHasher } from '../../auth/passwords.js';
import { IssuersRepository } from '../issuer/issuer.repository.js';

const RUC = SAMPLES.factura3.emisor;
const OTHER_RUC = '20600055519';

interface Created {
  id: number;
  nombre: string;
  creado: string;
  ultimo_uso: string | null;
  token: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const hasher = createPasswordHasher(2 ** 10);

/**
 * Stores an issuer straight in the database and logs it in with its password:
 * these tests are about tokens, not about rating new passwords.
 */
async function issuerToken(t: TestApp, ruc: string, password = ISSUER_PASSWORD): Promise<string> {
  const issuers = new IssuersRepository(t.database.db);
  if ((await issuers.find(ruc)) === undefined) {
    await issuers.insert(
      { ruc, nombre: `EMISOR ${ruc}`, passwordHash: await hasher.hash(password) },
      t.clock.now,
    );
  }
  const auth = await t.app.inject({
    method: 'POST',
    url: '/api/company/auth',
    payload: { ruc, password },
  });
  expect(auth.statusCode, auth.body).toBe(200);
  return auth.json<{ token: string }>().token;
}

async function createToken(t: TestApp, session: string, nombre: string): Promise<Created> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/company/tokens',
    headers: bearer(session),
    payload: { nombre },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Created>();
}

function listDocuments(t: TestApp, token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/company/documents?start=2024-01-01&end=2024-12-31',
    headers: bearer(token),
  });
}

describe('issuer API tokens', () => {
  let t: TestApp;
  let session: string;

  beforeAll(async () => {
    t = await buildTestApp();
    session = await issuerToken(t, RUC);
  });
  afterAll(() => t.close());

  it('creates a named token shown once, which publishes as the issuer', async () => {
    const created = await createToken(t, session, '  Facturador de la tienda ');
    expect(created).toMatchObject({ nombre: 'Facturador de la tienda', ultimo_uso: null });
    expect(created.token).toMatch(/^sufel_[A-Za-z0-9_-]{43}$/);
    expect(new Date(created.creado).getTime()).toBe(t.clock.now.getTime());

    const published = await publishSample(t, created.token, SAMPLES.factura3);
    expect(published.statusCode, published.body).toBe(200);
    const listed = await listDocuments(t, created.token);
    expect(listed.statusCode).toBe(200);
    const documents = listed.json<{ serie: string; correlativo: string }[]>();
    expect(documents.map((d) => `${d.serie}-${d.correlativo}`)).toEqual(['F001-3']);

    const tokens = await t.app.inject({
      method: 'GET',
      url: '/api/company/tokens',
      headers: bearer(session),
    });
    expect(tokens.statusCode).toBe(200);
    expect(tokens.headers['cache-control']).toBe('no-store');
    expect(tokens.body).not.toContain(created.token);
    expect(tokens.json()).toEqual([
      {
        id: created.id,
        nombre: 'Facturador de la tienda',
        creado: created.creado,
        ultimo_uso: t.clock.now.toISOString(),
      },
    ]);
  });

  it('keeps only the SHA-256 of the token', async () => {
    const created = await createToken(t, session, 'Solo el hash');
    const rows = await t.database.db.selectFrom('company_tokens').selectAll().execute();
    const row = rows.find((r) => r.id === created.id)!;
    expect(row.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(created.token.slice('sufel_'.length));
  });

  it('records the last use at most once a minute', async () => {
    const created = await createToken(t, session, 'Uso');
    const lastUse = async () =>
      (
        await t.database.db
          .selectFrom('company_tokens')
          .select('last_used_at')
          .where('id', '=', created.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const start = t.clock.now;
    try {
      expect((await listDocuments(t, created.token)).statusCode).toBe(200);
      expect(await lastUse()).toEqual(start);
      t.clock.now = new Date(start.getTime() + 59_000);
      expect((await listDocuments(t, created.token)).statusCode).toBe(200);
      expect(await lastUse()).toEqual(start);
      t.clock.now = new Date(start.getTime() + 61_000);
      expect((await listDocuments(t, created.token)).statusCode).toBe(200);
      expect(await lastUse()).toEqual(t.clock.now);
    } finally {
      t.clock.now = start;
    }
  });

  it('revokes a token at once; another issuer cannot revoke it', async () => {
    const created = await createToken(t, session, 'Para revocar');
    const other = await issuerToken(t, OTHER_RUC);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/tokens/${created.id}`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await listDocuments(t, created.token)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/tokens/${created.id}`,
      headers: bearer(session),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      message: 'Token revocado. Deja de funcionar de inmediato.',
    });
    const refused = await listDocuments(t, created.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'No autorizado' });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/company/tokens/${created.id}`,
      headers: bearer(session),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Token no encontrado.' });
  });

  it('manages tokens only from a password session', async () => {
    const created = await createToken(t, session, 'Integración');
    for (const request of [
      { method: 'GET' as const, url: '/api/company/tokens' },
      { method: 'POST' as const, url: '/api/company/tokens', payload: { nombre: 'Otro' } },
      { method: 'DELETE' as const, url: `/api/company/tokens/${created.id}` },
    ]) {
      const withToken = await t.app.inject({ ...request, headers: bearer(created.token) });
      expect(withToken.statusCode).toBe(403);
      expect(withToken.json<{ message: string }>().message).toContain('contraseña del emisor');
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await listDocuments(t, created.token)).statusCode).toBe(200);
  });

  it('refuses unknown, altered and malformed tokens', async () => {
    const created = await createToken(t, session, 'Alterado');
    const last = created.token.at(-1) === 'A' ? 'B' : 'A';
    for (const token of [
      `sufel_${'A'.repeat(43)}`,
      `${created.token.slice(0, -1)}${last}`,
      'sufel_corto',
      `${created.token}x`,
    ]) {
      const response = await listDocuments(t, token);
      expect(response.statusCode, token).toBe(401);
    }
  });

  it('stops working while the issuer is disabled, and survives a password change', async () => {
    const created = await createToken(t, session, 'Deshabilitado');
    const patch = (habilitado: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/companies/${RUC}`,
        headers: bearer(ADMIN_TOKEN),
        payload: { habilitado },
      });
    expect((await patch(false)).statusCode).toBe(200);
    expect((await listDocuments(t, created.token)).statusCode).toBe(401);
    expect((await patch(true)).statusCode).toBe(200);
    expect((await listDocuments(t, created.token)).statusCode).toBe(200);

    // A new password ends the issuer's sessions, not its integrations' tokens.
    const issuers = new IssuersRepository(t.database.db);
    await issuers.setPassword(RUC, await hasher.hash('otra clave del emisor 2'), t.clock.now);
    expect((await listDocuments(t, session)).statusCode).toBe(401);
    expect((await listDocuments(t, created.token)).statusCode).toBe(200);
    session = await issuerToken(t, RUC, 'otra clave del emisor 2');
  });

  it('validates the name and caps the tokens of an issuer', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/company/tokens',
      headers: bearer(session),
      payload: { nombre: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toContain('Ingrese un nombre para el token.');

    const other = await issuerToken(t, OTHER_RUC);
    for (let i = 1; i <= 20; i++) await createToken(t, other, `Token ${i}`);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/company/tokens',
      headers: bearer(other),
      payload: { nombre: 'Uno más' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toContain('hasta 20 tokens');
  });
});

describe('issuer API tokens on two instances of one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildTestApp({ database: secondConnection(a.database) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a token made on one instance works on the other until revoked there', async () => {
    const session = await issuerToken(a, RUC);
    const created = await createToken(a, session, 'Entre instancias');
    expect((await publishSample(b, created.token, SAMPLES.factura3)).statusCode).toBe(200);

    const listed = await b.app.inject({
      method: 'GET',
      url: '/api/company/tokens',
      headers: bearer(session),
    });
    expect(listed.json<{ ultimo_uso: string | null }[]>()[0]!.ultimo_uso).not.toBeNull();

    const revoked = await a.app.inject({
      method: 'DELETE',
      url: `/api/company/tokens/${created.id}`,
      headers: bearer(session),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await publishSample(b, created.token, SAMPLES.factura3)).statusCode).toBe(401);
    expect((await listDocuments(b, created.token)).statusCode).toBe(401);
  });
});
