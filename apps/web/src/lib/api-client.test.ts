import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { blobText } from '../testing/blob-text';
import { server } from '../testing/msw/server';
import { ApiClient } from './api-client';
import { HttpError } from './http-error';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials;
  body: string;
}

function recordRequests(): Seen[] {
  const seen: Seen[] = [];
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone();
    void copy.text().then((body) =>
      seen.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        credentials: request.credentials,
        body,
      }),
    );
  });
  return seen;
}

const relative = () => new ApiClient({ baseUrl: () => '' });

describe('ApiClient', () => {
  it('prefixes every path with the configured endpoint', async () => {
    server.use(http.get('https://api.example.pe/v1/ping', () => HttpResponse.json({ ok: true })));
    const client = new ApiClient({ baseUrl: () => 'https://api.example.pe/v1' });
    await expect(client.get('/ping')).resolves.toEqual({ ok: true });
  });

  it('sends and accepts JSON, with same-origin credentials', async () => {
    const seen = recordRequests();
    server.use(http.post('/api/echo', () => HttpResponse.json({ ok: true })));
    await relative().post('/api/echo', { ruc: '20606433094' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
    expect(seen[0]!.credentials).toBe('same-origin');
    expect(JSON.parse(seen[0]!.body)).toEqual({ ruc: '20606433094' });
  });

  it('announces no JSON body when it sends none', async () => {
    const seen = recordRequests();
    server.use(http.post('/api/client/logout', () => HttpResponse.json({ message: 'ok' })));
    await relative().post('/api/client/logout');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.headers.has('content-type')).toBe(false);
    expect(seen[0]!.headers.get('accept')).toBe('application/json');
    expect(seen[0]!.body).toBe('');
  });

  it('uses the verb each call names', async () => {
    const methods: string[] = [];
    server.use(
      http.all('/api/thing', ({ request }) => {
        methods.push(request.method);
        return HttpResponse.json({});
      }),
    );
    const client = relative();
    await client.get('/api/thing');
    await client.post('/api/thing', {});
    await client.patch('/api/thing', {});
    await client.delete('/api/thing');
    expect(methods).toEqual(['GET', 'POST', 'PATCH', 'DELETE']);
  });

  it('adds the anti-forgery token to unsafe requests to relative URLs', async () => {
    document.cookie = 'XSRF-TOKEN=token-123';
    const seen = recordRequests();
    server.use(
      http.all('/api/thing', () => HttpResponse.json({})),
      http.all('https://other.example/api/thing', () => HttpResponse.json({})),
    );
    await relative().post('/api/thing', {});
    await relative().delete('/api/thing');
    await relative().get('/api/thing');
    await new ApiClient({ baseUrl: () => 'https://other.example' }).post('/api/thing', {});
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    expect(seen.map((request) => request.headers.get('x-xsrf-token'))).toEqual([
      'token-123',
      'token-123',
      null,
      null,
    ]);
  });

  it('sends no token header when there is no cookie', async () => {
    const seen = recordRequests();
    server.use(http.post('/api/thing', () => HttpResponse.json({})));
    await relative().post('/api/thing', {});
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.headers.has('x-xsrf-token')).toBe(false);
  });

  it('keeps headers added later for every request', async () => {
    const seen = recordRequests();
    server.use(http.get('/api/thing', () => HttpResponse.json({})));
    const client = relative();
    client.setHeaders({ Authorization: 'Bearer abc' });
    await client.get('/api/thing');
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer abc');
  });

  it('answers files as blobs typed from the content-type', async () => {
    server.use(
      http.get(
        '/api/file',
        () => new HttpResponse('<Invoice/>', { headers: { 'content-type': 'text/xml' } }),
      ),
    );
    const blob = await relative().getFile('/api/file');
    expect(blob.type).toBe('text/xml');
    expect(await blobText(blob)).toBe('<Invoice/>');
  });

  it('logs a failed call and re-throws it with the status and the server message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/api/document/auth', () =>
        HttpResponse.json({ message: 'documento no encontrado' }, { status: 404 }),
      ),
    );
    const failure = relative().post('/api/document/auth', {});
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 404,
      serverMessage: 'documento no encontrado',
      message: 'documento no encontrado',
    });
    expect(log).toHaveBeenCalled();
  });

  it('carries no server message when the error body is not JSON', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/thing', () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(relative().get('/api/thing')).rejects.toMatchObject({
      status: 502,
      serverMessage: null,
    });
  });

  it('logs and re-throws a request that got no answer', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    await expect(relative().get('/api/thing')).rejects.toBeInstanceOf(TypeError);
    expect(log).toHaveBeenCalled();
  });
});
