import type {
  ClientUpdated,
  CompanyAdminView,
  CompanyCreateRequest,
  CompanyUpdateRequest,
  PublishBatchResponse,
  PublishBatchResult,
  PublishRequest,
  PublishResponse,
  ReceivedUpload,
} from '@sufel/contract';
import { openAsBlob } from 'node:fs';

/** A request the server refused, or one that never got an answer after every retry. */
export class RemoteApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'RemoteApiError';
  }
}

export interface ClientOptions {
  /** Attempts per request before giving up on network errors, 5xx and 429 (default 5). */
  maxAttempts?: number;
  /** First backoff delay in ms, doubled on each retry (default 500). */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The SUFEL API as the CLI uses it. Network failures, 5xx and 429 are retried
 * with exponential backoff (honouring Retry-After); an expired issuer token is
 * renewed once; any other refusal surfaces with the server's message.
 */
export class SufelClient {
  private token: string | null = null;
  private credentials: { ruc: string; password: string; as: 'issuer' | 'receiver' } | null = null;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly baseUrl: string,
    options: ClientOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoffMs = options.backoffMs ?? 500;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** Publishes with an issuer's API token (SUFEL_TOKEN): nothing to log in to or renew. */
  useToken(token: string): void {
    this.credentials = null;
    this.token = token;
  }

  async login(ruc: string, password: string): Promise<void> {
    this.credentials = { ruc, password, as: 'issuer' };
    const body = await this.send<{ token: string }>('POST', '/api/company/auth', { ruc, password });
    this.token = body.token;
  }

  /** Signs in as the receiver account of this RUC. */
  async loginReceiver(ruc: string, password: string): Promise<void> {
    this.credentials = { ruc, password, as: 'receiver' };
    const body = await this.send<{ token: string }>('POST', '/api/client/login', {
      documento: ruc,
      password,
    });
    this.token = body.token;
  }

  /**
   * Adds XML and ZIP files to the receiver's archive in one request; answers
   * the outcome of every file (and of every document of a ZIP). The files are
   * streamed from disk, and read again if the request has to be retried.
   */
  async uploadReceived(files: readonly { name: string; path: string }[]): Promise<ReceivedUpload> {
    return this.signedIn(async (headers) => {
      const form = new FormData();
      for (const file of files) form.append('files', await openAsBlob(file.path), file.name);
      return this.send<ReceivedUpload>('POST', '/api/client/received', form, headers);
    });
  }

  publish(request: PublishRequest): Promise<PublishResponse> {
    return this.signedIn((headers) =>
      this.send<PublishResponse>('POST', '/api/company/documents', request, headers),
    );
  }

  /** Many documents in one request; answers one result per document, in order. */
  async publishBatch(documents: PublishRequest[]): Promise<PublishBatchResult[]> {
    const body = await this.signedIn((headers) =>
      this.send<PublishBatchResponse>(
        'POST',
        '/api/company/documents/batch',
        { documents },
        headers,
      ),
    );
    return body.results;
  }

  /** Runs a signed-in request, logging in again once if the token expired meanwhile. */
  private async signedIn<T>(request: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    try {
      return await request(this.bearer());
    } catch (error) {
      if (!(error instanceof RemoteApiError) || error.status !== 401 || this.credentials === null) {
        throw error;
      }
      const { ruc, password, as } = this.credentials;
      if (as === 'issuer') await this.login(ruc, password);
      else await this.loginReceiver(ruc, password);
      return request(this.bearer());
    }
  }

  createIssuer(adminToken: string, issuer: CompanyCreateRequest): Promise<{ message: string }> {
    return this.send('POST', '/api/companies', issuer, { authorization: `Bearer ${adminToken}` });
  }

  listIssuers(adminToken: string): Promise<CompanyAdminView[]> {
    return this.send('GET', '/api/companies', undefined, { authorization: `Bearer ${adminToken}` });
  }

  updateIssuer(
    adminToken: string,
    ruc: string,
    patch: CompanyUpdateRequest,
  ): Promise<{ message: string }> {
    return this.send('PATCH', `/api/companies/${ruc}`, patch, {
      authorization: `Bearer ${adminToken}`,
    });
  }

  setReceiverPassword(
    adminToken: string,
    receiverRuc: string,
    password: string,
  ): Promise<{ message: string }> {
    return this.send(
      'PATCH',
      `/api/clients/${encodeURIComponent(receiverRuc)}`,
      { password },
      { authorization: `Bearer ${adminToken}` },
    );
  }

  /** Verifies a receiver's RUC; the answer holds a new password when one was made. */
  verifyReceiver(adminToken: string, receiverRuc: string): Promise<ClientUpdated> {
    return this.send(
      'PATCH',
      `/api/clients/${encodeURIComponent(receiverRuc)}`,
      { verificado: true },
      { authorization: `Bearer ${adminToken}` },
    );
  }

  private bearer(): Record<string, string> {
    if (this.token === null) throw new Error('login() or useToken() must come first');
    return { authorization: `Bearer ${this.token}` };
  }

  private async send<T>(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      let response: Response;
      try {
        // A form sets its own content type, with the multipart boundary.
        const form = body instanceof FormData;
        response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
        });
      } catch (error) {
        lastProblem = `no se pudo conectar con ${this.baseUrl} (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message})`;
        await this.sleep(this.backoffMs * 2 ** (attempt - 1));
        continue;
      }
      const text = await response.text();
      const parsed = parseJson(text);
      if (response.ok) return parsed as T;
      const message =
        typeof parsed === 'object' &&
        parsed !== null &&
        typeof (parsed as { message?: unknown }).message === 'string'
          ? (parsed as { message: string }).message
          : `HTTP ${response.status}`;
      if (response.status === 429 || response.status >= 500) {
        lastProblem = message;
        const retryAfter = Number(response.headers.get('retry-after'));
        await this.sleep(
          Number.isFinite(retryAfter) && retryAfter > 0
            ? retryAfter * 1000
            : this.backoffMs * 2 ** (attempt - 1),
        );
        continue;
      }
      throw new RemoteApiError(message, response.status);
    }
    throw new RemoteApiError(`${lastProblem} (tras ${this.maxAttempts} intentos)`, null);
  }
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
