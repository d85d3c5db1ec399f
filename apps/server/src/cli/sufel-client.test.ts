import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteApiError, SufelClient } from './sufel-client.js';

/** A server that answers with the scripted responses in turn (status, body, headers). */
async function scriptedServer(
  script: ([number, unknown] | [number, unknown, Record<string, string>] | 'drop')[],
): Promise<{ url: string; server: Server; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`.trim());
    const step = script.shift() ?? [500, { message: 'sin guion' }];
    if (step === 'drop') {
      request.socket.destroy();
      return;
    }
    const [status, body, headers = {}] = step;
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

describe('SufelClient', () => {
  let server: Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  const noWait = { sleep: () => Promise.resolve() };
  const publishBody = { xml: 'eA==', pdf: '', cdr: '' };

  it('retries network errors, 5xx and 429, then succeeds', async () => {
    const scripted = await scriptedServer([
      [200, { token: 't1', expire: 1 }],
      'drop',
      [503, { message: 'ocupado' }],
      [429, { message: 'espere' }, { 'retry-after': '1' }],
      [200, { xml: 'x', pdf: 'p', id: 1, nuevo: true }],
    ]);
    server = scripted.server;
    const waits: number[] = [];
    const client = new SufelClient(scripted.url, {
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
    });
    await client.login('20606433094', 'clave');
    expect(await client.publish(publishBody)).toMatchObject({ nuevo: true });
    expect(waits).toEqual([500, 1000, 1000]);
    expect(
      scripted.requests.filter((line) => line.startsWith('POST /api/company/documents')),
    ).toHaveLength(4);
  });

  it('gives up after the last attempt with the last problem', async () => {
    const scripted = await scriptedServer([
      [200, { token: 't1', expire: 1 }],
      [500, { message: 'falla' }],
      [500, { message: 'falla' }],
    ]);
    server = scripted.server;
    const client = new SufelClient(scripted.url, { ...noWait, maxAttempts: 2 });
    await client.login('20606433094', 'clave');
    await expect(client.publish(publishBody)).rejects.toEqual(
      new RemoteApiError('falla (tras 2 intentos)', null),
    );
  });

  it('does not retry a refusal and surfaces the server’s message', async () => {
    const scripted = await scriptedServer([
      [200, { token: 't1', expire: 1 }],
      [400, { message: 'el ruc del emisor no coincide con el XML' }],
    ]);
    server = scripted.server;
    const client = new SufelClient(scripted.url, noWait);
    await client.login('20606433094', 'clave');
    await expect(client.publish(publishBody)).rejects.toMatchObject({
      message: 'el ruc del emisor no coincide con el XML',
      status: 400,
    });
  });

  it('logs in again once when the token expired', async () => {
    const scripted = await scriptedServer([
      [200, { token: 'viejo', expire: 1 }],
      [401, { message: 'Su sesión expiró. Vuelva a ingresar.' }],
      [200, { token: 'nuevo', expire: 2 }],
      [200, { xml: 'x', pdf: 'p', id: 1, nuevo: false }],
    ]);
    server = scripted.server;
    const client = new SufelClient(scripted.url, noWait);
    await client.login('20606433094', 'clave');
    expect(await client.publish(publishBody)).toMatchObject({ nuevo: false });
    expect(scripted.requests.at(-1)).toBe('POST /api/company/documents Bearer nuevo');
  });

  it('reports an unreachable server clearly', async () => {
    const client = new SufelClient('http://127.0.0.1:9', { ...noWait, maxAttempts: 2 });
    await expect(client.login('20606433094', 'clave')).rejects.toThrow(
      /no se pudo conectar con http:\/\/127\.0\.0\.1:9 .*\(tras 2 intentos\)/,
    );
  });
});
