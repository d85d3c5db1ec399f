import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A stand-in of SUNAT's two endpoints of the "Consulta integrada de
 * comprobantes de pago", written from their published description (SUNAT's
 * manual of the web service; the OpenAPI transcription in
 * thegreenter/consulta-cpe-openapi): the client-credentials token and
 * `validarcomprobante`. Tests start it on loopback (port 0) and script its
 * documents and its faults. Where SUNAT publishes nothing (the token service's
 * error bodies, the status and wording of a refused query, a document it never
 * heard of), the answers follow OAuth 2.0 (RFC 6749 §5.2) and the response
 * shape the manual gives, with the stand-in's own wording.
 */

export const STAND_IN_SCOPE = 'https://api.sunat.gob.pe/v1/contribuyente/contribuyentes';

/** SUNAT's state of one document, as `validarcomprobante` answers it. */
export interface StandInState {
  estadoCp: string;
  estadoRuc?: string;
  condDomiRuc?: string;
  observaciones?: string[];
}

/** A document SUNAT knows. */
export interface StandInDocument extends StandInState {
  issuerRuc: string;
  type: string;
  series: string;
  number: number;
  /** `YYYY-MM-DD`; a query with another date finds nothing. */
  issueDate: string;
  /** Answered to the queries of this document, one each, before its state. */
  faults?: StandInFault[];
}

/** What the next request is answered with instead of the normal answer. */
export type StandInFault =
  | { status: 429; retryAfterSeconds?: number }
  | { status: 500 | 502 | 503 }
  /** The token is refused, as when it expired. */
  | { status: 401 }
  /** The normal answer, this late. */
  | { delayMs: number }
  /** A body of its own (a proxy's HTML page, broken JSON, a missing field). */
  | { body: string; status?: number }
  | { success: false; message: string; errorCode?: string; status?: number };

export interface StandInRequest {
  endpoint: 'token' | 'query';
  /** `Date.now()` when it arrived. */
  at: number;
  path: string;
  /** The RUC in the query's path. */
  consultingRuc: string | null;
  authorization: string | null;
  /** The token request's form, or the query's JSON. */
  body: Record<string, unknown>;
}

export interface SunatStandIn {
  /** For `SUNAT_AUTH_URL`. */
  readonly authUrl: string;
  /** For `SUNAT_API_URL`. */
  readonly apiUrl: string;
  /** client id → client secret. */
  readonly clients: Map<string, string>;
  /** Seconds each token lives (`expires_in`). */
  tokenLifetimeSeconds: number;
  /** Answer for documents not added with `addDocument`; default: "0", it does not exist. */
  unknownDocument: StandInState;
  /** Consumed one per query, in order. */
  readonly queryFaults: StandInFault[];
  /** Consumed one per token request, in order. */
  readonly tokenFaults: StandInFault[];
  /** While set, every request gets this status, as a gateway in front of a SUNAT that is down. */
  outage: number | null;
  /** Every answer waits this long (a slow SUNAT). */
  delayMs: number;
  readonly requests: StandInRequest[];
  addDocument(document: StandInDocument): void;
  /** Ends every token issued so far. */
  expireTokens(): void;
  close(): Promise<void>;
}

const TOKEN_PATH = /^\/v1\/clientesextranet\/([^/]+)\/oauth2\/token\/?$/;
const QUERY_PATH = /^\/v1\/contribuyente\/contribuyentes\/([^/]+)\/validarcomprobante$/;
const SUNAT_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function keyOf(issuerRuc: string, type: string, series: string, number: number): string {
  return `${issuerRuc}|${type}|${series}|${number}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(text);
}

const success = (data: StandInState) => ({
  success: true,
  message: 'Operation Success! ',
  data,
});

export async function startSunatStandIn(
  clients: Record<string, string> = {},
): Promise<SunatStandIn> {
  const documents = new Map<string, StandInDocument>();
  const tokens = new Map<string, number>();
  const sockets = new Set<Socket>();

  const standIn = {
    clients: new Map(Object.entries(clients)),
    tokenLifetimeSeconds: 3600,
    unknownDocument: { estadoCp: '0', observaciones: [] } as StandInState,
    queryFaults: [] as StandInFault[],
    tokenFaults: [] as StandInFault[],
    outage: null as number | null,
    delayMs: 0,
    requests: [] as StandInRequest[],
    addDocument(document: StandInDocument) {
      documents.set(
        keyOf(document.issuerRuc, document.type, document.series, document.number),
        document,
      );
    },
    expireTokens() {
      tokens.clear();
    },
  };

  /** Every answer is late by `delayMs`, counted from when the request arrived. */
  async function slowly() {
    if (standIn.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.delayMs));
  }

  /** Answers a fault; false when there is none (or only a delay) and the normal answer follows. */
  async function answerFault(response: ServerResponse, fault: StandInFault | undefined) {
    if (fault === undefined) return false;
    if ('delayMs' in fault) {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      return false;
    }
    if ('body' in fault) {
      response.writeHead(fault.status ?? 200, { 'content-type': 'text/html' });
      response.end(fault.body);
    } else if ('success' in fault) {
      send(response, fault.status ?? 200, {
        success: false,
        message: fault.message,
        ...(fault.errorCode === undefined ? {} : { errorCode: fault.errorCode }),
      });
    } else if (fault.status === 429) {
      send(
        response,
        429,
        { message: 'Too Many Requests' },
        fault.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(fault.retryAfterSeconds) },
      );
    } else if (fault.status === 401) {
      send(response, 401, { message: 'Unauthorized' });
    } else {
      send(response, fault.status, { message: 'Internal Server Error' });
    }
    return true;
  }

  async function token(request: IncomingMessage, response: ServerResponse, clientIdInPath: string) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
    standIn.requests.push({
      endpoint: 'token',
      at: Date.now(),
      path: request.url ?? '',
      consultingRuc: null,
      authorization: null,
      body: form,
    });
    await slowly();
    if (await answerFault(response, standIn.tokenFaults.shift())) return;
    if (form.grant_type !== 'client_credentials') {
      send(response, 400, { error: 'unsupported_grant_type' });
      return;
    }
    if (form.scope !== STAND_IN_SCOPE) {
      send(response, 400, { error: 'invalid_scope' });
      return;
    }
    const secret = standIn.clients.get(clientIdInPath);
    if (
      secret === undefined ||
      form.client_id !== clientIdInPath ||
      form.client_secret !== secret
    ) {
      send(response, 401, { error: 'invalid_client', error_description: 'cliente no autorizado' });
      return;
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, Date.now() + standIn.tokenLifetimeSeconds * 1000);
    send(response, 200, {
      access_token: accessToken,
      token_type: 'JWT',
      expires_in: standIn.tokenLifetimeSeconds,
    });
  }

  async function query(request: IncomingMessage, response: ServerResponse, ruc: string) {
    const text = await readBody(request);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Recorded as empty, refused below.
    }
    const authorization = request.headers.authorization ?? null;
    standIn.requests.push({
      endpoint: 'query',
      at: Date.now(),
      path: request.url ?? '',
      consultingRuc: ruc,
      authorization,
      body,
    });
    await slowly();
    if (await answerFault(response, standIn.queryFaults.shift())) return;
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      send(response, 401, { message: 'Unauthorized' });
      return;
    }
    const { numRuc, codComp, numeroSerie, numero, fechaEmision } = body;
    const date = typeof fechaEmision === 'string' ? SUNAT_DATE.exec(fechaEmision) : null;
    if (
      !/^\d{11}$/.test(ruc) ||
      typeof numRuc !== 'string' ||
      !/^\d{11}$/.test(numRuc) ||
      typeof codComp !== 'string' ||
      typeof numeroSerie !== 'string' ||
      typeof numero !== 'string' ||
      !/^\d{1,8}$/.test(numero) ||
      date === null
    ) {
      send(response, 400, { success: false, message: 'Parámetros de consulta no válidos' });
      return;
    }
    const known = documents.get(keyOf(numRuc, codComp, numeroSerie, Number(numero)));
    const isoDate = `${date[3]}-${date[2]}-${date[1]}`;
    if (known === undefined || known.issueDate !== isoDate) {
      send(response, 200, success(standIn.unknownDocument));
      return;
    }
    if (await answerFault(response, known.faults?.shift())) return;
    const { estadoCp, estadoRuc, condDomiRuc, observaciones } = known;
    send(response, 200, success({ estadoCp, estadoRuc, condDomiRuc, observaciones }));
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0]!;
      const tokenPath = TOKEN_PATH.exec(path);
      const queryPath = QUERY_PATH.exec(path);
      if (standIn.outage !== null) {
        await readBody(request);
        send(response, standIn.outage, { message: 'Service Unavailable' });
      } else if (request.method === 'POST' && tokenPath !== null) {
        await token(request, response, decodeURIComponent(tokenPath[1]!));
      } else if (request.method === 'POST' && queryPath !== null) {
        await query(request, response, decodeURIComponent(queryPath[1]!));
      } else {
        send(response, 404, { message: 'Not Found' });
      }
    })().catch(() => response.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return Object.assign(standIn, {
    authUrl: base,
    apiUrl: base,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
