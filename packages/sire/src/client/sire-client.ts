import { formatSize } from '@sufel/ubl';
import { formatPeriod, isPeriod } from '../period.js';
import { readBody, send, sleep, type HttpPolicy } from './http.js';
import { isObject, textOf } from './json.js';
import { SireError, sunatText } from './sire-error.js';
import { ticketStatusOf, type ReportFile, type TicketStatus } from './ticket-status.js';

/**
 * SIRE's API for the purchase register's proposal, real HTTP with fetch:
 * OAuth token with the SOL user, export of the proposal (a ticket), the
 * ticket's state, the report's ZIP.
 * @see SUNAT, "Manual de servicios Web Api – SIRE Compras" v22 (5.31 ticket state, 5.32 download)
 */

export const SIRE_AUTH_URL = 'https://api-seguridad.sunat.gob.pe';
export const SIRE_API_URL = 'https://api-sire.sunat.gob.pe';

/** The scope SUNAT's token must carry for SIRE. */
const SCOPE = 'https://api-sire.sunat.gob.pe';
/** Book code of the RCE. */
const RCE_BOOK = '080000';
/** `codOrigenEnvio` 2: web service. */
const WEB_SERVICE_ORIGIN = '2';
/** Anexo III: 0 txt, 1 csv. */
const FILE_TYPE_CODES = { txt: '0', csv: '1' } as const;
/** SUNAT's codes for a period without documents to export. */
const NO_DOCUMENTS = new Set(['1070', '1518']);
const MAX_JSON_BYTES = 1024 * 1024;
const LIBROS = '/v1/contribuyente/migeigv/libros';

export interface SireCredentials {
  /** RUC of the company whose register it is. */
  ruc: string;
  /** SOL user (without the RUC) and SOL password. */
  solUser: string;
  solPassword: string;
  /** The application registered in SOL ("Credenciales de API SUNAT"). */
  clientId: string;
  clientSecret: string;
}

export interface SireToken {
  accessToken: string;
  expiresAt: Date;
}

export type SireProgress =
  | { step: 'token' }
  | { step: 'export'; period: string }
  | { step: 'waiting'; ticket: string; polls: number; state: string }
  | { step: 'download'; ticket: string; fileName: string; bytes: number };

export interface SireClientOptions {
  /** Base of SUNAT's token service, `SIRE_AUTH_URL`. */
  authUrl: string;
  /** Base of SIRE's API, `SIRE_API_URL`. */
  apiUrl: string;
  /** Each request's time limit; default 30 s. */
  requestTimeoutMs?: number;
  /** Attempts per request when SIRE is down or slow; default 3. */
  attempts?: number;
  /** First wait between attempts, doubled each time; default 1 s. */
  retryDelayMs?: number;
  /** First wait between polls of a ticket, doubled up to `maxPollDelayMs`; default 2 s. */
  pollDelayMs?: number;
  maxPollDelayMs?: number;
  /** How long a ticket may take; default 10 minutes. */
  ticketTimeoutMs?: number;
  /** Largest report accepted; default 100 MB. */
  maxReportBytes?: number;
}

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SireProgress) => void;
}

export interface DownloadedProposal {
  ticket: string;
  /** SUNAT's name of the report, e.g. `20529929821-20260112-1805-propuesta.zip`. */
  fileName: string;
  /** The report as SUNAT sends it: a ZIP holding the proposal file. */
  zip: Uint8Array;
}

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** `PK\x03\x04` (or `PK\x05\x06` for an empty archive). */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

async function jsonOf(response: Response, what: string): Promise<unknown> {
  const text = new TextDecoder().decode(await readBody(response, MAX_JSON_BYTES));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SireError(
      'unexpected_answer',
      `SUNAT respondió ${what} con HTTP ${response.status} y un cuerpo que no es JSON.`,
    );
  }
}

/** SUNAT's validation errors (`errors[].cod`, `errors[].msg`), or its single `msg`. */
function sunatErrors(answer: unknown): { codes: string[]; messages: string[] } {
  if (!isObject(answer)) return { codes: [], messages: [] };
  const errors = Array.isArray(answer.errors) ? answer.errors.filter(isObject) : [];
  const codes = errors.map((error) => textOf(error.cod) ?? '');
  const messages = errors.map((error) => textOf(error.msg) ?? '').filter((msg) => msg !== '');
  if (messages.length === 0 && typeof answer.msg === 'string') messages.push(answer.msg);
  return { codes, messages: messages.map(sunatText) };
}

export class SireClient {
  readonly #authUrl: string;
  readonly #apiUrl: string;
  readonly #http: HttpPolicy;
  readonly #pollDelayMs: number;
  readonly #maxPollDelayMs: number;
  readonly #ticketTimeoutMs: number;
  readonly #maxReportBytes: number;

  constructor(options: SireClientOptions) {
    this.#authUrl = options.authUrl;
    this.#apiUrl = options.apiUrl;
    this.#http = {
      timeoutMs: options.requestTimeoutMs ?? 30_000,
      attempts: options.attempts ?? 3,
      retryDelayMs: options.retryDelayMs ?? 1000,
    };
    this.#pollDelayMs = options.pollDelayMs ?? 2000;
    this.#maxPollDelayMs = options.maxPollDelayMs ?? 15_000;
    this.#ticketTimeoutMs = options.ticketTimeoutMs ?? 10 * 60_000;
    this.#maxReportBytes = options.maxReportBytes ?? 100 * 1024 * 1024;
  }

  /**
   * SUNAT's token for SIRE (`grant_type=password`, `username` = RUC + SOL
   * user). A token proves the SOL user and password of that RUC.
   */
  async requestToken(credentials: SireCredentials, signal?: AbortSignal): Promise<SireToken> {
    const url = joinUrl(
      this.#authUrl,
      `/v1/clientessol/${encodeURIComponent(credentials.clientId)}/oauth2/token/`,
    );
    const body = new URLSearchParams({
      grant_type: 'password',
      scope: SCOPE,
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: `${credentials.ruc}${credentials.solUser}`,
      password: credentials.solPassword,
    });
    const response = await send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
      },
      this.#http,
      signal,
    );
    const answer = await jsonOf(response, 'el pedido de token');
    if (response.status >= 400 && response.status < 500) {
      const error = isObject(answer) ? answer.error : undefined;
      throw new SireError(
        'bad_credentials',
        error === 'invalid_client'
          ? 'SUNAT no reconoce el client id o el client secret: revise la aplicación registrada en SOL («Credenciales de API SUNAT»).'
          : `SUNAT rechazó el usuario o la clave SOL del RUC ${credentials.ruc}, o la aplicación registrada en SOL.`,
      );
    }
    if (
      !isObject(answer) ||
      typeof answer.access_token !== 'string' ||
      answer.access_token === ''
    ) {
      throw new SireError('unexpected_answer', 'SUNAT respondió el pedido de token sin un token.');
    }
    const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
    return {
      accessToken: answer.access_token,
      expiresAt: new Date(Date.now() + expiresIn * 1000),
    };
  }

  /** Asks SUNAT to export the proposal of a period; answers the ticket to follow. */
  async requestProposalExport(
    accessToken: string,
    period: string,
    format: 'txt' | 'csv',
    signal?: AbortSignal,
  ): Promise<string> {
    if (!isPeriod(period)) throw new RangeError(`Not a period AAAAMM: ${period}`);
    const query = new URLSearchParams({
      codTipoArchivo: FILE_TYPE_CODES[format],
      codOrigenEnvio: WEB_SERVICE_ORIGIN,
    });
    const answer = await this.#getJson(
      accessToken,
      `${LIBROS}/rce/propuesta/web/propuesta/${period}/exportacioncomprobantepropuesta?${query}`,
      period,
      signal,
    );
    const ticket = isObject(answer) ? answer.numTicket : undefined;
    if ((typeof ticket !== 'string' && typeof ticket !== 'number') || ticket === '') {
      throw new SireError(
        'unexpected_answer',
        'SUNAT respondió el pedido de la propuesta sin ticket.',
      );
    }
    return String(ticket);
  }

  async ticketStatus(
    accessToken: string,
    period: string,
    ticket: string,
    signal?: AbortSignal,
  ): Promise<TicketStatus> {
    const query = new URLSearchParams({
      perIni: period,
      perFin: period,
      page: '1',
      perPage: '20',
      numTicket: ticket,
    });
    const answer = await this.#getJson(
      accessToken,
      `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?${query}`,
      period,
      signal,
    );
    return ticketStatusOf(answer, ticket);
  }

  /** Polls the ticket, waiting longer each time, until SUNAT has its files. */
  async waitForTicket(
    accessToken: string,
    period: string,
    ticket: string,
    { signal, onProgress }: RunOptions = {},
  ): Promise<{ files: ReportFile[]; processCode: string | null }> {
    const deadline = Date.now() + this.#ticketTimeoutMs;
    let delay = this.#pollDelayMs;
    for (let polls = 1; ; polls++) {
      const status = await this.ticketStatus(accessToken, period, ticket, signal);
      if (status.state === 'done') return status;
      if (status.state === 'failed') {
        throw new SireError(
          'ticket_failed',
          `SUNAT no pudo preparar la propuesta de ${formatPeriod(period)} (ticket ${ticket}: ${sunatText(status.description)}).`,
        );
      }
      onProgress?.({ step: 'waiting', ticket, polls, state: status.description });
      if (Date.now() + delay > deadline) {
        throw new SireError(
          'ticket_timeout',
          `SUNAT sigue preparando la propuesta de ${formatPeriod(period)} después de ${Math.round(this.#ticketTimeoutMs / 1000)} s (ticket ${ticket}). Intente de nuevo más tarde.`,
        );
      }
      await sleep(delay, signal);
      delay = Math.min(delay * 2, this.#maxPollDelayMs);
    }
  }

  /** The report file of a finished ticket: the ZIP SUNAT generated. */
  async downloadReport(
    accessToken: string,
    report: { period: string; ticket: string; file: ReportFile; processCode: string | null },
    { signal, onProgress }: RunOptions = {},
  ): Promise<Uint8Array> {
    const query = new URLSearchParams({
      nomArchivoReporte: report.file.name,
      // The manual: send null when SUNAT gave no type.
      codTipoArchivoReporte: report.file.type ?? 'null',
      perTributario: report.period,
      numTicket: report.ticket,
      codLibro: RCE_BOOK,
    });
    if (report.processCode !== null) query.set('codProceso', report.processCode);
    const response = await this.#get(
      accessToken,
      `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?${query}`,
      signal,
    );
    if (response.status >= 400 || /json/i.test(response.headers.get('content-type') ?? '')) {
      this.#refusal(response, await jsonOf(response, 'la descarga'), report.period);
    }
    const bytes = await readBody(response, this.#maxReportBytes, (size) =>
      onProgress?.({
        step: 'download',
        ticket: report.ticket,
        fileName: report.file.name,
        bytes: size,
      }),
    );
    if (!isZip(bytes)) {
      throw new SireError(
        'unexpected_answer',
        `SUNAT entregó ${report.file.name} (${formatSize(bytes.length)}) y no es un ZIP.`,
      );
    }
    return bytes;
  }

  /**
   * The proposal of a period, straight from SIRE: token, export, ticket
   * followed until done, report downloaded. SUNAT's 1070 and 1518 (nothing
   * to export) come as `no_documents`.
   */
  async downloadProposal(
    credentials: SireCredentials,
    period: string,
    {
      format = 'csv',
      signal,
      onProgress,
      onToken,
    }: RunOptions & {
      format?: 'txt' | 'csv';
      /** Runs once SUNAT issued the token, before anything else is asked. */
      onToken?: () => Promise<void>;
    } = {},
  ): Promise<DownloadedProposal> {
    onProgress?.({ step: 'token' });
    const { accessToken } = await this.requestToken(credentials, signal);
    await onToken?.();
    onProgress?.({ step: 'export', period });
    const ticket = await this.requestProposalExport(accessToken, period, format, signal);
    const { files, processCode } = await this.waitForTicket(accessToken, period, ticket, {
      signal,
      onProgress,
    });
    const file = files.find((candidate) => /\.zip$/i.test(candidate.name)) ?? files[0];
    if (file === undefined) {
      // SUNAT finished without a file: nothing was there to export.
      throw new SireError('no_documents', noDocuments(period));
    }
    onProgress?.({ step: 'download', ticket, fileName: file.name, bytes: 0 });
    const zip = await this.downloadReport(
      accessToken,
      { period, ticket, file, processCode },
      { signal, onProgress },
    );
    return { ticket, fileName: file.name, zip };
  }

  #get(accessToken: string, path: string, signal: AbortSignal | undefined): Promise<Response> {
    return send(
      joinUrl(this.#apiUrl, path),
      {
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          'content-type': 'application/json',
        },
      },
      this.#http,
      signal,
    );
  }

  async #getJson(
    accessToken: string,
    path: string,
    period: string,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const response = await this.#get(accessToken, path, signal);
    if (response.status === 401 || response.status === 403) this.#refusal(response, null, period);
    const answer = await jsonOf(response, 'a SUFEL');
    if (response.status >= 400) this.#refusal(response, answer, period);
    return answer;
  }

  #refusal(response: Response, answer: unknown, period: string): never {
    if (response.status === 401 || response.status === 403) {
      throw new SireError(
        'not_authorized',
        'SUNAT no dio acceso a SIRE con estas credenciales: revise que la aplicación registrada en SOL tenga acceso a SIRE.',
      );
    }
    const { codes, messages } = sunatErrors(answer);
    if (codes.some((code) => NO_DOCUMENTS.has(code))) {
      throw new SireError('no_documents', noDocuments(period));
    }
    throw new SireError(
      'rejected',
      `SUNAT rechazó el pedido de la propuesta de ${formatPeriod(period)} (HTTP ${response.status}${
        messages.length > 0 ? `: ${messages.join('; ')}` : ''
      }).`,
    );
  }
}

function noDocuments(period: string): string {
  return `SUNAT no tiene comprobantes en la propuesta del RCE de ${formatPeriod(period)}.`;
}
