import { chmod, rename } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SUFEL_RUC: '20606433094', SUFEL_PRODUCT: 'Comprobantes' } });
  });
  afterAll(() => t.close());

  it('reports liveness without consulting anything outside the process', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports readiness from the database and the file store', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', files: 'ok' });
  });

  it('is not ready while the file store cannot write', async () => {
    const files = path.join(t.dataDir, 'files', 'tmp');
    await chmod(files, 0o500);
    try {
      // root ignores permissions: then a missing directory does the same job.
      if (process.getuid?.() === 0) await rename(files, `${files}-away`);
      const response = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', database: 'ok', files: 'error' });
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      if (process.getuid?.() === 0) await rename(`${files}-away`, files);
      await chmod(files, 0o750);
    }
  });

  it('echoes a request id, taking a sane one from the proxy in front', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc');
    const hostile = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'x\nforged log line' },
    });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps /metrics off unless configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });

  it('hands the web app its runtime configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({
      ruc: '20606433094',
      product: 'Comprobantes',
      production: true,
    });
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/companies',
      '/api/company/auth',
      '/api/company/documents',
      '/api/company/change-password',
      '/api/document/auth',
      '/api/document/resource/{type}',
      '/api/client/login',
      '/api/client/register',
      '/api/client/reset-password',
      '/api/client/password-reset/request',
      '/api/client/password-reset/confirm',
      '/api/client/emails',
      '/api/client/email-confirmation',
      '/api/challenge',
      '/api/clients/{documento}',
      '/api/client/documents',
      '/api/client/documents/{id}/resource/{type}',
      '/api/client/companies',
      '/file/{hash}/{type}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths['/api/document/auth'])).toContain('DocumentCredential');
    expect(Object.keys(doc.components.schemas.DocumentCredentialInput?.properties ?? {})).toEqual([
      'emisor',
      'tipo',
      'documento',
      'fecha',
      'total',
    ]);
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Recurso no encontrado' });
  });

  it('answers malformed JSON and wrong content types in Spanish, never with a 500', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"emisor": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      message: 'El cuerpo de la solicitud no es JSON válido.',
    });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      headers: { 'content-type': 'application/xml' },
      payload: '<hola/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json<{ message: string }>().message).toContain('JSON');
  });

  it('takes an empty JSON body as no body', async () => {
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/document/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(logout.statusCode).toBe(200);
    const consult = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      headers: { 'content-type': 'application/json' },
    });
    expect(consult.statusCode).toBe(400);
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: '20415932376', password: 'x'.repeat(40_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: 'La solicitud es demasiado grande.' });
  });
});
