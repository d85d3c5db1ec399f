import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of SUNAT's token service and SIRE's proposal endpoints, written
 * from their published description (SUNAT's "Manual de servicios Web Api –
 * SIRE Compras" v22: 5.31 ticket state, 5.32 report download, the export of
 * the proposal, the 422 shape and its codes), for tests to start on loopback.
 * Where SUNAT publishes nothing (the token service's error bodies, the state
 * code of a ticket in process), the answers follow OAuth 2.0 (RFC 6749 §5.2)
 * and name the state in words; the client reads them that way too.
 */

export interface SireStandInAccount {
  ruc: string;
  solUser: string;
  solPassword: string;
  clientId: string;
  clientSecret: string;
}

/** What the export of a period does, scripted by the test. */
export type SireStandInExport =
  /** A ticket that is "in process" for `pollsInProcess` polls, then done with the ZIP. */
  | {
      kind: 'report';
      zip: Uint8Array;
      reportName?: string;
      pollsInProcess?: number;
      /** `codTipoAchivoReporte` given with the file; default "01". */
      reportType?: string | null;
    }
  /** SUNAT's 422 with code 1070 (no information for the period) or 1518 (nothing to export). */
  | { kind: 'no-documents'; code: '1070' | '1518' }
  /** A ticket that ends with an error. */
  | { kind: 'ticket-error'; pollsInProcess?: number }
  /** A ticket that never ends. */
  | { kind: 'never-done' };

export interface RecordedRequest {
  method: string;
  /** Without the stand-in's base path. */
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  /** The form body of a token request. */
  form: Record<string, string> | null;
}

export interface SireStandIn {
  /** For `SIRE_AUTH_URL`. */
  readonly authUrl: string;
  /** For `SIRE_API_URL`. */
  readonly apiUrl: string;
  readonly accounts: SireStandInAccount[];
  /** By period `AAAAMM`; a period without a script has no documents (1070). */
  readonly exports: Map<string, SireStandInExport>;
  /** While set, every request is answered with this status, as a gateway in front of a SIRE that is down. */
  outage: number | null;
  /** The next this many requests are answered 503, then SIRE is back. */
  failNext: number;
  readonly requests: RecordedRequest[];
  /** Ends every token issued so far, as when they expire. */
  expireTokens(): void;
  close(): Promise<void>;
}

interface Ticket {
  number: string;
  ruc: string;
  period: string;
  script: SireStandInExport;
  polls: number;
  reportName: string;
}

const LIBROS = '/v1/contribuyente/migeigv/libros';
const EXPORT_PATH =
  /^\/v1\/contribuyente\/migeigv\/libros\/rce\/propuesta\/web\/propuesta\/([^/]+)\/exportacioncomprobantepropuesta$/;
const TOKEN_PATH = /^\/v1\/clientessol\/([^/]+)\/oauth2\/token\/?$/;
const SCOPE = 'https://api-sire.sunat.gob.pe';
const UNPROCESSABLE =
  'Unprocessable Entity - Se presentaron errores de validacion que impidieron completar el Request';
const NO_DOCUMENTS_TEXT = {
  '1070': 'No se ha encontrado información de comprobantes de pago en Periodo Seleccionado',
  '1518': 'No existen documentos para exportar',
} as const;

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
  response.end(text);
}

function validationError(response: ServerResponse, code: string, msg: string): void {
  send(response, 422, { cod: '422', msg: UNPROCESSABLE, errors: [{ cod: code, msg }] });
}

function sendHtml(response: ServerResponse, status: number, title: string): void {
  response.writeHead(status, { 'content-type': 'text/html' });
  response.end(`<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`);
}

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startSireStandIn(accounts: SireStandInAccount[] = []): Promise<SireStandIn> {
  const tokens = new Map<string, string>();
  const tickets = new Map<string, Ticket>();
  const requests: RecordedRequest[] = [];
  let ticketCount = 0;

  const token = (response: ServerResponse, clientId: string, form: Record<string, string>) => {
    const account = accounts.find(
      (candidate) => candidate.clientId === decodeURIComponent(clientId),
    );
    if (
      account === undefined ||
      form.client_id !== account.clientId ||
      form.client_secret !== account.clientSecret
    ) {
      send(response, 401, { error: 'invalid_client', error_description: 'cliente no autorizado' });
      return;
    }
    if (form.grant_type !== 'password') {
      send(response, 400, {
        error: 'unsupported_grant_type',
        error_description: 'grant_type no soportado',
      });
      return;
    }
    if (form.scope !== SCOPE) {
      send(response, 400, { error: 'invalid_scope', error_description: 'scope no valido' });
      return;
    }
    if (
      form.username !== `${account.ruc}${account.solUser}` ||
      form.password !== account.solPassword
    ) {
      send(response, 400, {
        error: 'invalid_grant',
        error_description: 'Usuario o contraseña incorrectos',
      });
      return;
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, account.ruc);
    send(response, 200, { access_token: accessToken, token_type: 'JWT', expires_in: 3600 });
  };

  const exportProposal = (
    response: ServerResponse,
    ruc: string,
    period: string,
    query: Record<string, string>,
  ) => {
    if (!/^\d{4}(0[1-9]|1[0-2])$/.test(period)) {
      validationError(
        response,
        '1006',
        'Formato de perTributario no cumple con el formato “yyyymm”',
      );
      return;
    }
    if (query.codTipoArchivo === undefined || query.codTipoArchivo === '') {
      validationError(response, '1061', 'El campo "codTipoArchivo" es nulo o vacío');
      return;
    }
    if (!['0', '1', '2'].includes(query.codTipoArchivo)) {
      validationError(response, '1059', 'Código tipo de Archivo no permitido o no valido');
      return;
    }
    if (query.codOrigenEnvio === undefined || query.codOrigenEnvio === '') {
      validationError(response, '1028', 'El campo “codOrigenEnvio” no enviado o es vacío');
      return;
    }
    const script = standIn.exports.get(period) ?? { kind: 'no-documents', code: '1070' };
    if (script.kind === 'no-documents') {
      validationError(response, script.code, NO_DOCUMENTS_TEXT[script.code]);
      return;
    }
    ticketCount++;
    const number = `${period.slice(0, 4)}03${String(ticketCount).padStart(8, '0')}`;
    const reportName =
      script.kind === 'report' && script.reportName !== undefined
        ? script.reportName
        : `${ruc}-${period}-${number}-propuesta.zip`;
    tickets.set(number, { number, ruc, period, script, polls: 0, reportName });
    send(response, 200, { numTicket: number });
  };

  const record = (ticket: Ticket) => {
    ticket.polls++;
    const { script } = ticket;
    const inProcess =
      script.kind === 'never-done' ||
      ((script.kind === 'report' || script.kind === 'ticket-error') &&
        ticket.polls <= (script.pollsInProcess ?? 0));
    const [code, description] = inProcess
      ? ['02', 'En proceso']
      : script.kind === 'ticket-error'
        ? ['07', 'Terminado con errores']
        : ['06', 'Terminado'];
    const files =
      code === '06' && script.kind === 'report'
        ? [
            {
              nomArchivoReporte: ticket.reportName,
              codTipoAchivoReporte: script.reportType === undefined ? '01' : script.reportType,
            },
          ]
        : [];
    return {
      showReporteDescarga: files.length > 0 ? '1' : '0',
      perTributario: ticket.period,
      numTicket: ticket.number,
      fecCargaImportacion: null,
      fecInicioProceso: new Date().toISOString().slice(0, 10),
      codProceso: '10',
      desProceso: 'Generar archivo exportar propuesta',
      codEstadoProceso: code,
      desEstadoProceso: description,
      nomArchivoImportacion: '',
      detalleTicket: {
        numTicket: ticket.number,
        codEstadoEnvio: code,
        desEstadoEnvio: description,
      },
      archivoReporte: files,
    };
  };

  const ticketStates = (response: ServerResponse, ruc: string, query: Record<string, string>) => {
    const required: [string, string, string][] = [
      ['perIni', '1067', 'El campo “perIni” no enviado o es vacío'],
      ['perFin', '1071', 'El campo “perFin” no enviado o es vacío'],
      ['page', '1076', "El campo 'page' no enviado o es vacío"],
      ['perPage', '1079', "El campo 'perPage' no enviado o es vacío"],
    ];
    for (const [name, code, msg] of required) {
      if (query[name] === undefined || query[name] === '') {
        validationError(response, code, msg);
        return;
      }
    }
    const listed = [...tickets.values()].filter(
      (ticket) =>
        ticket.ruc === ruc &&
        ticket.period >= query.perIni! &&
        ticket.period <= query.perFin! &&
        (query.numTicket === undefined || query.numTicket === ticket.number),
    );
    const page = Number(query.page);
    const perPage = Number(query.perPage);
    send(response, 200, {
      paginacion: { page, perPage, totalRegistros: listed.length },
      registros: listed.slice((page - 1) * perPage, page * perPage).map(record),
    });
  };

  const download = (response: ServerResponse, ruc: string, query: Record<string, string>) => {
    if (query.nomArchivoReporte === undefined || query.nomArchivoReporte === '') {
      validationError(response, '1134', 'El campo “nomArchivoReporte” no enviado o es vacío');
      return;
    }
    if (query.codTipoArchivoReporte === undefined || query.codTipoArchivoReporte === '') {
      validationError(response, '2278', "El campo 'codTipoArchivoReporte' no enviado o es vacío");
      return;
    }
    const ticket = [...tickets.values()].find(
      (candidate) => candidate.ruc === ruc && candidate.reportName === query.nomArchivoReporte,
    );
    if (ticket === undefined || ticket.script.kind !== 'report') {
      validationError(response, '1134', 'No se encontró el archivo solicitado');
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(ticket.script.zip.length),
    });
    response.end(ticket.script.zip);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const base = url.pathname.startsWith('/auth/') ? '/auth' : '/api';
    const path = url.pathname.slice(base.length);
    const query = Object.fromEntries(url.searchParams);
    const authorization = request.headers.authorization ?? null;
    const form = request.method === 'POST' ? await formOf(request) : null;
    requests.push({ method: request.method ?? '', path, query, authorization, form });

    if (standIn.outage !== null) return sendHtml(response, standIn.outage, 'Service Unavailable');
    if (standIn.failNext > 0) {
      standIn.failNext--;
      return sendHtml(response, 503, 'Service Unavailable');
    }
    const tokenPath = TOKEN_PATH.exec(path);
    if (base === '/auth' && tokenPath !== null && request.method === 'POST') {
      return token(response, tokenPath[1]!, form ?? {});
    }
    if (base !== '/api' || request.method !== 'GET') return sendHtml(response, 404, 'Not Found');
    const ruc = tokens.get(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
    if (ruc === undefined) return sendHtml(response, 401, '401 Authorization Required');
    const exportPath = EXPORT_PATH.exec(path);
    if (exportPath !== null) return exportProposal(response, ruc, exportPath[1]!, query);
    if (path === `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets`) {
      return ticketStates(response, ruc, query);
    }
    if (path === `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte`) {
      return download(response, ruc, query);
    }
    return sendHtml(response, 404, 'Not Found');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: SireStandIn = {
    authUrl: `${origin}/auth`,
    apiUrl: `${origin}/api`,
    accounts,
    exports: new Map(),
    outage: null,
    failNext: 0,
    requests,
    expireTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
  return standIn;
}
