import { COOKIE_NAMES, XSRF_HEADER } from '@sufel/contract/http-names';
import { getWebConfig } from '../config/env';
import { readCookie } from './cookies';
import { HttpError } from './http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** Base of every path (config `endpoint`); read per call so it can follow the configuration. */
  baseUrl: () => string;
  fetch?: typeof fetch;
}

/** Only same-site requests may carry the anti-forgery token: never hand it to another host. */
function isRelative(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//');
}

/** The error an answer with a failing status stands for, with what its JSON body tells. */
async function errorOf(response: Response, url: string): Promise<HttpError> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // An error page that is not JSON carries no message for the user.
  }
  const { message, code, attemptsLeft, challengeRequired, challengeLevel } = body;
  return new HttpError(
    response.status,
    typeof message === 'string' && message ? message : null,
    url,
    {
      attemptsLeft:
        typeof attemptsLeft === 'number' && Number.isInteger(attemptsLeft) ? attemptsLeft : null,
      challengeRequired: challengeRequired === true,
      challengeLevel: challengeLevel === 'address' ? 'address' : 'target',
      code: typeof code === 'string' && code ? code : null,
    },
  );
}

/** Headers of one request only, such as a solved challenge. */
export interface RequestOptions {
  headers?: Record<string, string>;
}

export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition`; null when the server named none. */
  filename: string | null;
}

/** The file broke off before its end: the server hit an error after it began sending. */
export class DownloadInterruptedError extends Error {
  constructor(readonly received: number) {
    super(`The download stopped after ${received} bytes`);
    this.name = 'DownloadInterruptedError';
  }
}

function attachmentName(disposition: string | null): string | null {
  return disposition === null ? null : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? null);
}

/** The one way the portal talks to its back end. */
export class ApiClient {
  private readonly defaultHeaders: Record<string, string> = { Accept: 'application/json' };

  constructor(private readonly options: ApiClientOptions) {}

  /** Adds headers sent with every later request (for example `Authorization`). */
  setHeaders(headers: Record<string, string>): void {
    Object.assign(this.defaultHeaders, headers);
  }

  async get(path: string): Promise<unknown> {
    return this.readBody(await this.send('GET', path));
  }

  /** A file, typed from the answer's `content-type`. */
  async getFile(path: string): Promise<Blob> {
    const response = await this.send('GET', path);
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    return new Blob([await response.arrayBuffer()], { type });
  }

  /**
   * A file read as it arrives, telling `onProgress` the bytes received so far;
   * `signal` cancels it. A body that breaks off midway rejects with
   * `DownloadInterruptedError`, never with a shorter file.
   */
  async download(
    path: string,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (received: number) => void } = {},
  ): Promise<DownloadedFile> {
    const response = await this.send('GET', path, undefined, signal);
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    const filename = attachmentName(response.headers.get('content-disposition'));
    const parts: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    // Some fetch implementations leave a pending read waiting after an abort: end it.
    const stop = () => void reader?.cancel().catch(() => undefined);
    signal?.addEventListener('abort', stop);
    try {
      for (;;) {
        const chunk = reader === undefined ? { done: true as const } : await reader.read();
        if (chunk.done) break;
        parts.push(chunk.value);
        received += chunk.value.byteLength;
        onProgress?.(received);
      }
    } catch (error) {
      if (signal?.aborted !== true) throw new DownloadInterruptedError(received);
      throw error;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    signal?.throwIfAborted();
    return { blob: new Blob(parts, { type }), filename };
  }

  async post(path: string, body?: unknown, options: RequestOptions = {}): Promise<unknown> {
    return this.readBody(await this.send('POST', path, body, undefined, options.headers));
  }

  /**
   * Sends a file, or several files under the same part name, as
   * `multipart/form-data` (part `field`), telling `onProgress` the share sent
   * so far (0 to 1): fetch cannot tell how much of a body left.
   */
  upload(
    path: string,
    file: Blob | readonly File[],
    {
      field = 'file',
      name,
      onProgress,
    }: { field?: string; name?: string; onProgress?: (sent: number) => void } = {},
  ): Promise<unknown> {
    const url = `${this.options.baseUrl()}${path}`;
    const form = new FormData();
    if (file instanceof Blob) form.append(field, file, name);
    else for (const each of file) form.append(field, each, each.name);
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', url);
      for (const [header, value] of Object.entries(this.defaultHeaders)) {
        request.setRequestHeader(header, value);
      }
      if (isRelative(url)) {
        const token = readCookie(COOKIE_NAMES.xsrf);
        if (token !== null) request.setRequestHeader(XSRF_HEADER, token);
      }
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded / event.total);
      });
      request.addEventListener('error', () => reject(new TypeError(`POST ${url} failed`)));
      request.addEventListener('load', () => {
        const response = new Response(request.status === 204 ? null : request.responseText, {
          status: request.status,
          headers: { 'content-type': request.getResponseHeader('content-type') ?? '' },
        });
        if (response.ok) {
          this.readBody(response).then(resolve, reject);
        } else {
          errorOf(response, url).then((error) => {
            console.error(`POST ${url} answered ${response.status}:`, error.message);
            reject(error);
          }, reject);
        }
      });
      request.send(form);
    });
  }

  async put(path: string, body?: unknown): Promise<unknown> {
    return this.readBody(await this.send('PUT', path, body));
  }

  async patch(path: string, body?: unknown): Promise<unknown> {
    return this.readBody(await this.send('PATCH', path, body));
  }

  async delete(path: string): Promise<unknown> {
    return this.readBody(await this.send('DELETE', path));
  }

  private async send(
    method: Method,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const url = `${this.options.baseUrl()}${path}`;
    const headers = new Headers({ ...this.defaultHeaders, ...extraHeaders });
    // Declared only with a body: servers refuse an empty body announced as JSON.
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    if (!SAFE_METHODS.has(method) && isRelative(url)) {
      const token = readCookie(COOKIE_NAMES.xsrf);
      if (token !== null) headers.set(XSRF_HEADER, token);
    }
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      console.error(`${method} ${url} failed:`, error);
      throw error;
    }
    if (!response.ok) {
      const error = await errorOf(response, url);
      console.error(`${method} ${url} answered ${response.status}:`, error.message);
      throw error;
    }
    return response;
  }

  private async readBody(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return null;
    const type = response.headers.get('content-type') ?? '';
    return type.includes('json') ? (JSON.parse(text) as unknown) : text;
  }
}

export const api = new ApiClient({ baseUrl: () => getWebConfig().endpoint });
