import { API_MESSAGES } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { issuerToken } from '../../../test/helpers/issuers.js';

describe('admin API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const issuer = { ruc: '20606433094', nombre: 'GASPER SOFT S.A.C.', password: 'clave-emisor-1' };

  it('registers an issuer with the legacy ?token= query', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies?token=${ADMIN_TOKEN}`,
      payload: issuer,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Empresa registrada' });
  });

  it('answers the legacy message when the issuer exists', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: issuer,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Esta empresa ya esta registrada' });
  });

  it('refuses a wrong or missing token with 401', async () => {
    for (const url of ['/api/companies?token=wrong', '/api/companies']) {
      const response = await t.app.inject({ method: 'POST', url, payload: issuer });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Token inválido' });
    }
  });

  it('enforces the RUC check digit and the password rules', async () => {
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const badRuc = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: { ...issuer, ruc: '20100454523' },
    });
    expect(badRuc.statusCode).toBe(400);
    expect(badRuc.json()).toMatchObject({ message: 'El RUC no es válido.' });
    const shortPassword = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: auth,
      payload: { ...issuer, ruc: '20600055519', password: 'corta' },
    });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json<{ message: string }>().message).toBe(
      'La contraseña debe tener al menos 8 caracteres. (campo: password)',
    );
    for (const weak of ['12345678', 'gaspersoft', '20600055519']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/companies',
        headers: auth,
        payload: { ruc: '20600055519', nombre: 'GASPER SOFT S.A.C.', password: weak },
      });
      expect(response.statusCode, weak).toBe(400);
      expect(response.json()).toMatchObject({ message: API_MESSAGES.weakPassword });
    }
    const weakReset = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${issuer.ruc}`,
      headers: auth,
      payload: { password: 'qwertyuiop' },
    });
    expect(weakReset.statusCode).toBe(400);
    expect(weakReset.json()).toMatchObject({ message: API_MESSAGES.weakPassword });
  });

  it('lists, renames and disables issuers', async () => {
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${issuer.ruc}`,
      headers: auth,
      payload: { nombre: 'GASPER SOFT', habilitado: false },
    });
    expect(patch.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/companies', headers: auth });
    expect(list.json()).toEqual([{ ruc: issuer.ruc, nombre: 'GASPER SOFT', habilitado: false }]);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/companies/20600055519',
      headers: auth,
      payload: { habilitado: true },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('admin API and issuer sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('ends the sessions of an issuer whose password the operator sets, even within their second', async () => {
    const ruc = '20606433094';
    const token = await issuerToken(t, ruc);
    const list = (value: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2024-01-01&end=2024-01-31',
        headers: { authorization: `Bearer ${value}` },
      });
    expect((await list(token)).statusCode).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${ruc}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { password: 'nueva-clave-del-operador' },
    });
    expect(patch.statusCode).toBe(200);
    expect((await list(token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/company/auth',
      payload: { ruc, password: 'nueva-clave-del-operador' },
    });
    expect((await list(login.json<{ token: string }>().token)).statusCode).toBe(200);
  });
});

describe('admin API without ADMIN_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ADMIN_TOKEN: '' } });
  });
  afterAll(() => t.close());

  it('is disabled, whatever token is sent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/companies?token=anything',
      payload: { ruc: '20606433094', nombre: 'X', password: 'clave-emisor-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toContain('deshabilitada');
  });
});
