import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../test/helpers/fixtures.js';
import { issuerToken, proofOf } from '../../test/helpers/issuers.js';

/** PostgreSQL text cannot hold U+0000: every way in answers 400 naming the field. */
describe('text carrying a NUL character', () => {
  let t: TestApp;
  let issuer: string;

  beforeAll(async () => {
    t = await buildTestApp();
    issuer = await issuerToken(t, SAMPLES.factura3.emisor);
  });
  afterAll(() => t.close());

  it.each([
    [
      'a login',
      'POST',
      '/api/client/login',
      { documento: '20415932376\u0000', password: 'x' },
      'documento',
    ],
    [
      'a registration name',
      'POST',
      '/api/client/register',
      {
        documento: '20415932376',
        nombres: 'CLIENTE\u0000',
        password: 'clave-segura-1',
        repeat_password: 'clave-segura-1',
        comprobante: proofOf(SAMPLES.factura3),
      },
      'nombres',
    ],
    [
      'a nested proof',
      'POST',
      '/api/document/auth',
      { ...proofOf(SAMPLES.factura3), documento: 'F001-3\u0000' },
      'documento',
    ],
    [
      'an issuer name',
      'PATCH',
      `/api/companies/${SAMPLES.factura3.emisor}`,
      { nombre: 'a\u0000b' },
      'nombre',
    ],
  ])('refuses %s', async (_case, method, url, payload, field) => {
    const response = await t.app.inject({
      method: method as 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `El campo ${field} contiene un carácter nulo (U+0000), que no se admite.`,
    });
  });

  it('refuses it in a query and a path', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/company/documents?start=2024-01-01%00&end=2024-12-31',
      headers: { authorization: `Bearer ${issuer}` },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json<{ message: string }>().message).toMatch(/^El campo start contiene/);
    const path = await t.app.inject({ method: 'GET', url: '/file/abc%00/xml' });
    expect(path.statusCode).toBe(400);
    expect(path.json<{ message: string }>().message).toMatch(/^El campo hash contiene/);
  });
});
