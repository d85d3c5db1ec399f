/**
 * A long run of a portal at work, on PostgreSQL with FILES=postgres: an issuer
 * publishing steadily while people consult its documents, its customer's
 * accountant pages through the month and exports it.
 *
 *   npm run bench -- soak        # 20 minutes (BENCH_MINUTES to change)
 *
 * The customer's month starts with 2 500 documents and grows to 50 000 by the
 * end (BENCH_MONTH_START, BENCH_MONTH_END). Every minute it prints, for each
 * kind of request, how many were answered, p50 and p99, the 5xx seen and the
 * server's resident memory. At the end it compares the last minute with the
 * first: what the growing month costs the portal. Timings are of successful
 * answers only; any other answer is counted by kind, and fails the run.
 */
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createPasswordHasher } from '../apps/server/src/auth/passwords.js';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { BENCH_ADMIN_TOKEN, postForJson, sampleIssuerToken } from './lib/portal-client.js';
import { dropPostgres, freshPostgres } from './lib/postgres.js';
import { ROOT, startServer } from './lib/server.js';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 20);
const MONTH_START = Number(process.env.BENCH_MONTH_START ?? 2_500);
const MONTH_END = Number(process.env.BENCH_MONTH_END ?? 50_000);
const DATABASE = 'sufel_bench_soak';
const ISSUER = '20606433094';
const RECEIVER = '20415932376';
const PASSWORD = 'clave-de-medicion-1';
const BATCH = 100;
const CONSULTERS = 4;
const PAGERS = 2;
const EXPORT_EVERY_MS = 30_000;
const MONTH = { start: '2024-11-01', end: '2024-11-30' };

const template = readFileSync(
  path.join(ROOT, 'packages/ubl/test/fixtures/20606433094-01-F001-3.xml'),
  'latin1',
);

/** The issue date of document n: the month's days in turn. */
const dayOf = (n: number) => `2024-11-${String(1 + (n % 30)).padStart(2, '0')}`;

/** Document n of the month: the sample factura, numbered n, of its day. */
function documentXml(n: number): string {
  return template
    .replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F900-${n}</cbc:ID>`)
    .replace(
      '<cbc:IssueDate>2024-11-25</cbc:IssueDate>',
      `<cbc:IssueDate>${dayOf(n)}</cbc:IssueDate>`,
    );
}

type Kind = 'publish' | 'consult' | 'page' | 'export';
const KINDS: Kind[] = ['publish', 'consult', 'page', 'export'];

interface Minute {
  /** Of successful answers. */
  latencies: Record<Kind, number[]>;
  /** Answers other than 2xx. */
  refused: Record<Kind, number>;
  errors: number;
  rssMiB: number;
}

const newMinute = (): Minute => ({
  latencies: { publish: [], consult: [], page: [], export: [] },
  refused: { publish: 0, consult: 0, page: 0, export: 0 },
  errors: 0,
  rssMiB: 0,
});

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** "none", or how many answers of each kind were not 2xx over the run. */
function describeRefused(minutes: Minute[]): string {
  const counts = KINDS.map(
    (kind) => [kind, minutes.reduce((sum, minute) => sum + minute.refused[kind], 0)] as const,
  ).filter(([, count]) => count > 0);
  return counts.length === 0
    ? 'none'
    : counts.map(([kind, count]) => `${kind} ${count}`).join(', ');
}

function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

const databaseUrl = await freshPostgres(DATABASE);
const server = await startServer(
  {
    DATABASE_URL: databaseUrl,
    FILES: 'postgres',
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    SUFEL_DEMO: '0',
    DATA_DIR: '/tmp/sufel-bench-soak',
    JWT_SECRET: 'benchmark-secret-0123456789abcdefghij',
    // The accountant exports every EXPORT_EVERY_MS: the hourly cap must not refuse them.
    EXPORTS_PER_HOUR: String(Math.ceil(3_600_000 / EXPORT_EVERY_MS)),
  },
  18290,
);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const url = new URL(server.url);

/** One request, timed; the body is read whole and dropped. */
function send(
  method: 'GET' | 'POST',
  requestPath: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; ms: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path: requestPath,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
      },
      (response) => {
        // Only small answers are kept; an export is counted, not held.
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < 1_000_000) text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, text }),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

let published = 0;
async function publish(issuerToken: string, count: number): Promise<number> {
  const documents = Array.from({ length: count }, (_, index) => ({
    xml: Buffer.from(documentXml(published + index + 1), 'latin1').toString('base64'),
  }));
  const answer = await send('POST', '/api/company/documents/batch', { documents }, issuerToken);
  if (answer.status !== 200) throw new Error(`publish → ${answer.status} ${answer.text}`);
  published += count;
  return answer.ms;
}

try {
  const issuerToken = await sampleIssuerToken(server.url);
  const db = connectPostgres(databaseUrl, 1);
  const hash = await createPasswordHasher().hash(PASSWORD);
  await sql`
    insert into clients (documento, nombres, password_hash, verified_by, verified_at)
    values (${RECEIVER}, 'RECEPTOR DEL MES', ${hash}, 'operator', now())`.execute(db);
  await db.destroy();
  const { token: receiverToken } = await postForJson<{ token: string }>(
    `${server.url}/api/client/login`,
    { documento: RECEIVER, password: PASSWORD },
  );

  console.info(
    `Publishing the first ${MONTH_START.toLocaleString('en-US')} documents of the month…`,
  );
  while (published < MONTH_START)
    await publish(issuerToken, Math.min(BATCH, MONTH_START - published));

  const minutes: Minute[] = [];
  let current = newMinute();
  const started = performance.now();
  const deadline = started + MINUTES * 60_000;
  const perMs = (MONTH_END - MONTH_START) / (MINUTES * 60_000);
  const record = (kind: Kind, answer: { status: number; ms: number }) => {
    if (answer.status >= 200 && answer.status < 300) current.latencies[kind].push(answer.ms);
    else current.refused[kind] += 1;
    if (answer.status >= 500) current.errors += 1;
  };
  const running = () => performance.now() < deadline;

  const publisher = async () => {
    while (running()) {
      const due = MONTH_START + Math.floor((performance.now() - started) * perMs);
      if (published + BATCH <= due) {
        current.latencies.publish.push(await publish(issuerToken, BATCH));
      } else {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  const consulter = async () => {
    while (running()) {
      const n = 1 + Math.floor(Math.random() * published);
      record(
        'consult',
        await send('POST', '/api/document/auth', {
          emisor: ISSUER,
          tipo: '01',
          documento: `F900-${n}`,
          fecha: dayOf(n),
          total: '1180.00',
        }),
      );
    }
  };
  const pager = async () => {
    const month = `start=${MONTH.start}&end=${MONTH.end}&limit=25`;
    while (running()) {
      const first = await send('GET', `/api/client/documents?${month}`, undefined, receiverToken);
      record('page', first);
      const { nextCursor } = JSON.parse(first.text) as { nextCursor: string | null };
      if (nextCursor !== null) {
        const cursor = encodeURIComponent(nextCursor);
        record(
          'page',
          await send(
            'GET',
            `/api/client/documents?${month}&cursor=${cursor}`,
            undefined,
            receiverToken,
          ),
        );
      }
    }
  };
  const exporter = async () => {
    while (running()) {
      const answer = await send(
        'GET',
        `/api/client/documents/export?format=csv&start=${MONTH.start}&end=${MONTH.end}`,
        undefined,
        receiverToken,
      );
      record('export', answer);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, EXPORT_EVERY_MS - answer.ms)));
    }
  };
  const ticker = setInterval(() => {
    current.rssMiB = residentMiB(server.process.pid!);
    minutes.push(current);
    const minute = current;
    current = newMinute();
    const cells = KINDS.map((kind) => {
      const values = minute.latencies[kind];
      const refused = minute.refused[kind] > 0 ? ` (+${minute.refused[kind]} not 2xx)` : '';
      return `${kind} ${values.length}${refused} p50 ${percentile(values, 50).toFixed(1)} p99 ${percentile(values, 99).toFixed(1)}`;
    });
    console.info(
      `min ${String(minutes.length).padStart(2)}  month ${published.toLocaleString('en-US').padStart(6)}  ${cells.join('  ')}  5xx ${minute.errors}  rss ${minute.rssMiB.toFixed(0)} MiB`,
    );
  }, 60_000);

  await Promise.all([
    publisher(),
    ...Array.from({ length: CONSULTERS }, consulter),
    ...Array.from({ length: PAGERS }, pager),
    exporter(),
  ]);
  clearInterval(ticker);

  const first = minutes[0]!;
  const last = minutes.at(-1)!;
  const requests = (minute: Minute) =>
    KINDS.reduce((sum, kind) => sum + minute.latencies[kind].length, 0);
  const all = (minute: Minute) => KINDS.flatMap((kind) => minute.latencies[kind]);
  const rss = minutes.map((minute) => minute.rssMiB);
  console.info(
    `\n${MINUTES} minutes, the month from ${MONTH_START.toLocaleString('en-US')} to ${published.toLocaleString('en-US')} documents:` +
      `\n  requests a minute: ${requests(first)} → ${requests(last)} (×${(requests(last) / requests(first)).toFixed(2)})` +
      `\n  every request p50: ${percentile(all(first), 50).toFixed(1)} → ${percentile(all(last), 50).toFixed(1)} ms` +
      `, p99: ${percentile(all(first), 99).toFixed(1)} → ${percentile(all(last), 99).toFixed(1)} ms` +
      KINDS.map(
        (kind) =>
          `\n  ${kind.padEnd(8)} p99: ${percentile(first.latencies[kind], 99).toFixed(1)} → ${percentile(last.latencies[kind], 99).toFixed(1)} ms`,
      ).join('') +
      `\n  5xx: ${minutes.reduce((sum, minute) => sum + minute.errors, 0)}` +
      `\n  other answers than 2xx: ${describeRefused(minutes)}` +
      `\n  resident memory: ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MiB`,
  );
  // Timings that include refusals say nothing about the work they skipped.
  if (minutes.some((minute) => KINDS.some((kind) => minute.refused[kind] > 0))) {
    process.exitCode = 1;
  }
} finally {
  agent.destroy();
  await server.stop();
  await dropPostgres(DATABASE);
}
