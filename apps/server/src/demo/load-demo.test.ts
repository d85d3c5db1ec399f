import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { DEMO_CONSULTATION } from './demo-data.js';
import { demoInstructions, isDatabaseEmpty, loadDemo, type DemoAccounts } from './load-demo.js';

describe('demo data', () => {
  let t: TestApp;
  let accounts: DemoAccounts;

  beforeAll(async () => {
    t = await buildTestApp();
    expect(await isDatabaseEmpty(t.services)).toBe(true);
    accounts = await loadDemo(t.app, t.services);
  });
  afterAll(() => t.close());

  it('publishes every sample through the issuers’ API', async () => {
    expect(accounts.documents).toBe(16);
    expect(await isDatabaseEmpty(t.services)).toBe(false);
  });

  it('judges no document by a CDR of another document', async () => {
    const verdicts = await t.database.db
      .selectFrom('documents')
      .select(['serie', 'numero', 'cdr_hash', 'cdr_respuesta'])
      .where((eb) => eb.or([eb('cdr_hash', 'is not', null), eb('cdr_respuesta', 'is not', null)]))
      .execute();
    expect(verdicts.filter((row) => row.cdr_respuesta !== 'aceptado')).toEqual([]);
  });

  it('lets a newcomer consult the document the console shows', async () => {
    const { tipoNombre: _name, ...proof } = DEMO_CONSULTATION;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: proof,
    });
    expect(response.statusCode).toBe(200);
  });

  it('creates a receiver account with the printed password and its documents', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: accounts.receiver.ruc, password: accounts.receiver.password },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json<{ token: string }>();
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/client/documents',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(page.json<{ items: unknown[] }>().items).toHaveLength(3);
  });

  it('prints how to try each part of the portal', () => {
    const text = demoInstructions('http://localhost:8080', accounts);
    expect(text).toContain('http://localhost:8080/document/login');
    expect(text).toContain('RUC del emisor:    20606433094');
    expect(text).toContain('Serie-Correlativo: F001-3');
    expect(text).toContain('Fecha de emisión:  25/11/2024');
    expect(text).toContain(`Contraseña:  ${accounts.receiver.password}`);
    expect(text).toContain('http://localhost:8080/docs');
  });
});
