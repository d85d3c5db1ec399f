import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { redactUrl } from './logging.js';

const SECRET = 'secreto-que-no-debe-quedar-en-el-log';

describe('redactUrl', () => {
  it.each([
    ['/api/notices/unsubscribe?token=abc', '/api/notices/unsubscribe?token=%5Bredacted%5D'],
    ['/x?Token=abc&fecha=2024-01-01', '/x?Token=%5Bredacted%5D&fecha=2024-01-01'],
    ['/x?token[]=abc&token[]=def', '/x?token%5B%5D=%5Bredacted%5D&token%5B%5D=%5Bredacted%5D'],
    ['/x?token%5B%5D=abc', '/x?token%5B%5D=%5Bredacted%5D'],
    ['/x?%74oken=abc', '/x?token=%5Bredacted%5D'],
    ['/x?access_TOKEN=abc', '/x?access_TOKEN=%5Bredacted%5D'],
    ['/api/client/documents?start=2024-01-01', '/api/client/documents?start=2024-01-01'],
    ['/api/companies?tokn=abc', '/api/companies?[redacted]'],
    ['/api/%63ompanies?x=abc', '/api/%63ompanies?[redacted]'],
    ['/api/clients/20415932376?anything=abc', '/api/clients/20415932376?[redacted]'],
    ['/api/client/documents', '/api/client/documents'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'debug' }, logLines: lines });
  });
  afterAll(() => t.close());

  it.each([
    `/api/companies?token[]=${SECRET}`,
    `/api/companies?token=${SECRET}`,
    `/api/companies?clave=${SECRET}`,
    `/api/notices/unsubscribe?Token=${SECRET}`,
    `/api/notices/unsubscribe?token[]=${SECRET}`,
    `/api/clients/20415932376?token=${SECRET}`,
  ])('never hold the secret of %s', async (url) => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeLessThan(500);
    const logged = lines.join('\n');
    expect(logged).toContain('incoming request');
    expect(logged).not.toContain(SECRET);
  });

  it('keep the admin token out when it is sent the legacy way', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/companies?token=${ADMIN_TOKEN}`,
    });
    expect(response.statusCode).toBe(200);
    expect(lines.join('\n')).not.toContain(ADMIN_TOKEN);
  });
});
