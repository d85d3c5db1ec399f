import { getWebConfig } from '../config/env';
import { readCookie } from './cookies';
import { HttpError } from './http-error';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiClientOptions {
  /** Base of every path (config `endpoint`); read per call so it can follow the configuration. */
  baseUrl: () => string;
  fetch?: typeof fetch;
}

/** Only same-site requests may carry the anti-forgery token: never hand it to another host. */
function isRelative(url: string): boolean {
  return !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//');
}

async function readServerMessage(response: Response): Promise<string | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body;
      return typeof message === 'string' && message ? message : null;
    }
  } catch {
    // An error page that is not JSON carries no message for the user.
  }
  return null;
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

  async post(path: string, body?: unknown): Promise<unknown> {
    return this.readBody(await this.send('POST', path, body));
  }

  async patch(path: string, body?: unknown): Promise<unknown> {
    return this.readBody(await this.send('PATCH', path, body));
  }

  async delete(path: string): Promise<unknown> {
    return this.readBody(await this.send('DELETE', path));
  }

  private async send(method: Method, path: string, body?: unknown): Promise<Response> {
    const url = `${this.options.baseUrl()}${path}`;
    const headers = new Headers(this.defaultHeaders);
    // Declared only with a body: servers refuse an empty body announced as JSON.
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    if (!SAFE_METHODS.has(method) && isRelative(url)) {
      const token = readCookie(XSRF_COOKIE);
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
      });
    } catch (error) {
      console.error(`${method} ${url} failed:`, error);
      throw error;
    }
    if (!response.ok) {
      const error = new HttpError(response.status, await readServerMessage(response), url);
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
