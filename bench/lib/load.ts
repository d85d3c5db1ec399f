import http from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** Status codes seen, with counts. */
  statuses: Record<number, number>;
  seconds: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Sends requests from `concurrency` keep-alive connections for `durationMs`,
 * timing each one with a monotonic clock (sub-millisecond resolution).
 *
 * Each connection comes from its own loopback address, as each person using a
 * portal comes from their own: from one address, SUFEL's attempt limits would
 * ask for a challenge once more than 20 consultations were in flight at once,
 * and the bench would measure refusals.
 */
export async function runLoad(options: {
  baseUrl: string;
  concurrency: number;
  durationMs: number;
  next: (sequence: number) => LoadRequest;
}): Promise<LoadResult> {
  const url = new URL(options.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  function send(request: LoadRequest, localAddress: string): Promise<number> {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          localAddress,
          host: url.hostname,
          port: url.port,
          method: request.method,
          path: request.path,
          headers: {
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
            ...request.headers,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  async function worker(index: number): Promise<void> {
    const localAddress = `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    while (performance.now() < deadline) {
      const request = options.next(sequence++);
      const start = performance.now();
      try {
        const status = await send(request, localAddress);
        latencies.push(performance.now() - start);
        statuses[status] = (statuses[status] ?? 0) + 1;
      } catch {
        errors += 1;
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, (_, index) => worker(index)));
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    statuses,
    seconds: (performance.now() - started) / 1000,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export function describeLoad(name: string, result: LoadResult): string {
  const rate = Math.round(result.requests / result.seconds);
  return (
    `${name.padEnd(26)} ${String(result.requests).padStart(7)} req  ${String(rate).padStart(6)} req/s  ` +
    `p50 ${result.p50.toFixed(2)} ms  p90 ${result.p90.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  ` +
    `statuses ${JSON.stringify(result.statuses)}${result.errors > 0 ? `  errors ${result.errors}` : ''}`
  );
}
