import { z } from 'zod';

/**
 * SUNAT's "Consulta integrada de comprobantes de pago": an OAuth
 * client-credentials token for the company's "Credenciales de API SUNAT", then
 * one POST per document. Real HTTP with fetch, one attempt per call: retrying,
 * pacing and waiting belong to the job queue that calls it.
 * @see SUNAT, "Manual de Consulta Integrada de Comprobante de Pago por Servicio WEB"
 */

export const SUNAT_AUTH_URL = 'https://api-seguridad.sunat.gob.pe';
export const SUNAT_API_URL = 'https://api.sunat.gob.pe';

/** The scope the token must carry for this query. */
export const VALIDITY_SCOPE = 'https://api.sunat.gob.pe/v1/contribuyente/contribuyentes';

/** Types SUNAT answers for; guías (09), retenciones (20), percepciones (40) it does not. */
export const CHECKABLE_TYPES: ReadonlySet<string> = new Set([
  '01',
  '03',
  '04',
  '07',
  '08',
  'R1',
  'R7',
]);

const MAX_ANSWER_BYTES = 64 * 1024;
/** Tokens are used only until this long before SUNAT said they expire. */
const TOKEN_MARGIN_MS = 60_000;
const SUNAT_TEXT_MAX = 300;

export type SunatErrorCode =
  /** The token service refused the client id or secret. */
  | 'bad_credentials'
  /** The query refused the token (expired or revoked): ask for a new one. */
  | 'token_refused'
  /** 429: SUNAT asks to slow down. */
  | 'rate_limited'
  /** Down, slow, unreachable, or a 5xx. */
  | 'unavailable'
  /** SUNAT answered `success: false`: it will not answer this query as sent. */
  | 'rejected'
  /** An answer in a shape SUNAT's description does not give. */
  | 'unexpected_answer';

/** A failure talking to SUNAT, with a Spanish message meant for the accountant. */
export class SunatError extends Error {
  constructor(
    readonly code: SunatErrorCode,
    message: string,
    /** From Retry-After, when SUNAT said how long to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SunatError';
  }
}

export interface SunatCredentials {
  clientId: string;
  clientSecret: string;
}

export interface SunatToken {
  accessToken: string;
  /** When to stop using it: shortly before SUNAT's `expires_in`. */
  usableUntil: Date;
}

/** One document, as SUFEL stores it. */
export interface ValidityQuery {
  issuerRuc: string;
  type: string;
  series: string;
  number: number;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  /** The document's total, `118.00`. */
  total: string;
}

export type EstadoCp = '0' | '1' | '2' | '3' | '4';

/** SUNAT's answer, its codes as SUNAT sent them. */
export interface ValidityAnswer {
  estadoCp: EstadoCp;
  /** Absent when the document does not exist. */
  estadoRuc: string | null;
  condDomiRuc: string | null;
  observaciones: string[];
}

export interface ValidityClientOptions {
  /** Base of SUNAT's token service, `SUNAT_AUTH_URL`. */
  authUrl: string;
  /** Base of SUNAT's API, `SUNAT_API_URL`. */
  apiUrl: string;
  /** Each request's time limit. */
  timeoutMs: number;
  now?: () => Date;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

const OAuthError = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const Code = z.string().regex(/^\d{2}$/);

const QueryAnswer = z.union([
  z.object({
    success: z.literal(true),
    data: z.object({
      estadoCp: z.enum(['0', '1', '2', '3', '4']),
      estadoRuc: Code.nullish(),
      condDomiRuc: Code.nullish(),
      observaciones: z.array(z.string()).nullish(),
    }),
  }),
  z.object({
    success: z.literal(false),
    message: z.string().nullish(),
    errorCode: z.union([z.string(), z.number()]).nullish(),
  }),
]);

/** SUNAT's own words inside a message: control characters out, long text cut. */
function sunatText(text: string): string {
  const clean = text.replace(/\p{Cc}+/gu, ' ').trim();
  return clean.length > SUNAT_TEXT_MAX ? `${clean.slice(0, SUNAT_TEXT_MAX)}…` : clean;
}

/** `YYYY-MM-DD` → `dd/mm/yyyy`. */
export function sunatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

export class ValidityClient {
  private readonly now: () => Date;

  constructor(private readonly options: ValidityClientOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** A token for the credentials; `bad_credentials` when SUNAT does not accept them. */
  async requestToken(credentials: SunatCredentials, signal?: AbortSignal): Promise<SunatToken> {
    const url = joinUrl(
      this.options.authUrl,
      `/v1/clientesextranet/${encodeURIComponent(credentials.clientId)}/oauth2/token/`,
    );
    const answer = await this.exchange(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          scope: VALIDITY_SCOPE,
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
      },
      signal,
    );
    const body = jsonOf(answer, 'el pedido de token');
    if (answer.status >= 400) {
      const error = OAuthError.safeParse(body);
      const said = error.success ? (error.data.error_description ?? error.data.error) : undefined;
      throw new SunatError(
        'bad_credentials',
        `SUNAT no aceptó el client id y el client secret${said ? ` («${sunatText(said)}»)` : ''}: revise las «Credenciales de API SUNAT» creadas en SOL.`,
      );
    }
    const token = TokenAnswer.safeParse(body);
    if (!token.success) {
      throw new SunatError('unexpected_answer', 'SUNAT respondió el pedido de token sin un token.');
    }
    const lifetimeMs = (token.data.expires_in ?? 3600) * 1000;
    return {
      accessToken: token.data.access_token,
      usableUntil: new Date(
        this.now().getTime() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2),
      ),
    };
  }

  /** SUNAT's state of one document, asked as the consulting RUC (the receiver). */
  async check(
    accessToken: string,
    consultingRuc: string,
    query: ValidityQuery,
    signal?: AbortSignal,
  ): Promise<ValidityAnswer> {
    const url = joinUrl(
      this.options.apiUrl,
      `/v1/contribuyente/contribuyentes/${encodeURIComponent(consultingRuc)}/validarcomprobante`,
    );
    const exchanged = await this.exchange(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          numRuc: query.issuerRuc,
          codComp: query.type,
          numeroSerie: query.series,
          numero: String(query.number),
          fechaEmision: sunatDate(query.issueDate),
          monto: query.total,
        }),
      },
      signal,
    );
    if (exchanged.status === 401) {
      throw new SunatError('token_refused', 'SUNAT no aceptó el token de acceso.');
    }
    const answer = QueryAnswer.safeParse(jsonOf(exchanged, 'la consulta'));
    if (!answer.success) {
      throw new SunatError(
        'unexpected_answer',
        `SUNAT respondió la consulta con HTTP ${exchanged.status} y una respuesta que no se entiende.`,
      );
    }
    if (!answer.data.success) {
      const { message, errorCode } = answer.data;
      throw new SunatError(
        'rejected',
        `SUNAT no respondió la consulta: «${sunatText(message ?? 'sin mensaje')}»${errorCode == null ? '' : ` (código ${errorCode})`}.`,
      );
    }
    const { estadoCp, estadoRuc, condDomiRuc, observaciones } = answer.data.data;
    return {
      estadoCp,
      estadoRuc: estadoRuc ?? null,
      condDomiRuc: condDomiRuc ?? null,
      observaciones: (observaciones ?? []).map(sunatText).filter((text) => text !== ''),
    };
  }

  /**
   * One request and its whole body; 429, 5xx, time-outs (headers or body) and
   * network errors become SunatErrors. The caller's abort ends it with its reason.
   */
  private async exchange(url: string, init: RequestInit, signal?: AbortSignal): Promise<Exchange> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await fetch(url, {
        ...init,
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
      if (response.status === 429) {
        await response.body?.cancel();
        throw new SunatError(
          'rate_limited',
          'SUNAT pidió esperar antes de más consultas (HTTP 429).',
          retryAfterMs(response),
        );
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        throw new SunatError('unavailable', `SUNAT no está disponible (HTTP ${response.status}).`);
      }
      return { status: response.status, text: await readText(response, MAX_ANSWER_BYTES) };
    } catch (error) {
      if (error instanceof SunatError) throw error;
      if (signal?.aborted) throw signal.reason;
      throw new SunatError(
        'unavailable',
        timeout.aborted
          ? `SUNAT no respondió en ${this.options.timeoutMs / 1000} s.`
          : `No se pudo conectar con SUNAT (${(error as Error).message}).`,
      );
    }
  }
}

interface Exchange {
  status: number;
  text: string;
}

/** The JSON of an answer; `unexpected_answer` when it is not JSON. */
function jsonOf(answer: Exchange, what: string): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw new SunatError(
      'unexpected_answer',
      `SUNAT respondió ${what} con HTTP ${answer.status} y un cuerpo que no es JSON.`,
    );
  }
}

async function readText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new SunatError('unexpected_answer', 'SUNAT respondió con un cuerpo demasiado grande.');
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
