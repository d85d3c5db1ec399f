import { formatSize } from '@sufel/ubl';
import { SireError } from './sire-error.js';

/** How requests to SUNAT are made: one timeout each, a few attempts on transient failures. */
export interface HttpPolicy {
  timeoutMs: number;
  attempts: number;
  retryDelayMs: number;
}

/** Longest wait a Retry-After header may ask for. */
const MAX_RETRY_AFTER_MS = 30_000;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
    : null;
}

/**
 * A request to SUNAT. Network errors, timeouts, 429 and 5xx are retried with
 * a doubling delay (or the server's Retry-After); when every attempt failed
 * it is `unavailable`. Any other answer is returned for the caller to read.
 * The caller's abort ends it at once, with the abort's reason.
 */
export async function send(
  url: string,
  init: RequestInit,
  policy: HttpPolicy,
  signal: AbortSignal | undefined,
): Promise<Response> {
  let delay = policy.retryDelayMs;
  let failure = '';
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) await sleep(delay, signal);
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
    } catch {
      if (signal?.aborted) throw signal.reason;
      failure = timeout.aborted
        ? `sin respuesta en ${policy.timeoutMs / 1000} s`
        : 'no se pudo conectar';
      delay *= 2;
      continue;
    }
    if (response.status !== 429 && response.status < 500) return response;
    failure = `HTTP ${response.status}`;
    delay = retryAfterMs(response) ?? delay * 2;
    await response.body?.cancel();
  }
  throw new SireError(
    'unavailable',
    `SIRE no responde (${failure}, ${policy.attempts} intentos). Intente de nuevo en unos minutos.`,
  );
}

/** The body, refused past `maxBytes` without reading the rest. */
export async function readBody(
  response: Response,
  maxBytes: number,
  onBytes?: (bytes: number) => void,
): Promise<Uint8Array> {
  const length = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new SireError('report_too_large', `La respuesta de SUNAT supera ${formatSize(maxBytes)}.`);
  if (Number.isFinite(length) && length > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (
    let read = await reader?.read();
    read !== undefined && !read.done;
    read = await reader!.read()
  ) {
    size += read.value.length;
    if (size > maxBytes) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
    onBytes?.(size);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}
