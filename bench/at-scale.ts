/**
 * Consultation latency and paging depth at scale, on PostgreSQL.
 *
 *   npm run bench:scale          # 10 million documents (BENCH_DOCUMENTS to change)
 *
 * Fills (once, then reuses) a database of synthetic documents, starts the built
 * server on it and measures, in this process and against the same server:
 *   - baseline: GET /health (a round trip through HTTP, the router and one query);
 *   - consultation: POST /api/document/auth for random documents;
 *   - paging: the first page of a receiver holding 1/20 of all documents, and
 *     pages deep inside it reached by cursor;
 *   - the first page of that receiver's list under each filter and sort the
 *     screen offers, including filters that match none of its documents.
 * Results are printed as ratios to the baseline, plus the absolute numbers.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { createPasswordHasher } from '../apps/server/src/auth/passwords.js';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { encodeCursor } from '../apps/server/src/modules/receiver/cursor.js';
import { describeLoad, runLoad, type LoadRequest, type LoadResult } from './lib/load.js';
import { startServer } from './lib/server.js';
import {
  answerHeavyReceiver,
  fillDocuments,
  HEAVY_RECEIVER,
  syntheticDocument,
} from './lib/synthetic-documents.js';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 10_000_000);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? `sufel_bench_${DOCUMENTS}`;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
// One request at a time measures a request's own latency; raise it to see the machine saturate.
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const TARGET_P99_MS = 5;
/** Any page of the receiver's list, filtered or not. */
const PAGE_TARGET_P99_MS = 20;
const PASSWORD = 'clave-de-medicion-1';

async function ensureDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/**
 * The heavy receiver's list as the screen filters and sorts it. Its documents
 * are every twentieth: all facturas of series F000–F099, from fifty issuers,
 * dated every twentieth day from 2020. SUNAT has answered for all but one in a
 * hundred: accepted, a few voided, fewer unknown to it. The boletas and the
 * detracción filter find none, which a list must answer as fast.
 */
const FILTERED_PAGES: [string, string][] = [
  ['filter: a month', 'start=2021-03-01&end=2021-03-31'],
  ['filter: a year', 'start=2021-01-01&end=2021-12-31'],
  ['filter: an issuer', 'emisor=20000000021'],
  ['filter: an issuer, a year', 'emisor=20000000021&start=2021-01-01&end=2021-12-31'],
  ['filter: facturas', 'tipoDoc=01'],
  ['filter: boletas (none)', 'tipoDoc=03'],
  ['filter: a series', 'serie=F042'],
  ['filter: a number', 'correlativo=420000'],
  ['filter: never checked', 'validez=sin'],
  ['filter: accepted', 'validez=1'],
  ['filter: voided at SUNAT', 'validez=2'],
  ['filter: unknown to SUNAT', 'validez=0'],
  ['filter: detracción (none)', 'detraccion=1'],
  ['filter: uploaded (none)', 'origen=carga'],
  ['sort: total', 'sort=total'],
  ['sort: issuer, a year', 'sort=emisor&dir=asc&start=2021-01-01&end=2021-12-31'],
  ['sort: number', 'sort=numero'],
];

function random(max: number): number {
  return 1 + Math.floor(Math.random() * max);
}

function ratio(result: LoadResult, baseline: LoadResult): string {
  return `p50 ×${(result.p50 / baseline.p50).toFixed(2)}  p99 ×${(result.p99 / baseline.p99).toFixed(2)}`;
}

const databaseUrl = await ensureDatabase();
const db = connectPostgres(databaseUrl, 2);
await migrateToLatest(db);
console.info(
  `Database ${DATABASE}: filling to ${DOCUMENTS.toLocaleString('en-US')} documents if needed…`,
);
await fillDocuments(db, DOCUMENTS);
await answerHeavyReceiver(db);
const passwordHash = await createPasswordHasher().hash(PASSWORD);
await sql`
  insert into clients (documento, nombres, password_hash, verified_by, verified_at)
  values (${HEAVY_RECEIVER}, 'RECEPTOR GRANDE', ${passwordHash}, 'operator', now())
  on conflict (documento) do update set password_hash = excluded.password_hash,
    password_changed_at = now() - interval '1 minute', verified_by = 'operator', verified_at = now()`.execute(
  db,
);
const { rows: heavy } = await sql<{ n: number }>`
  select count(*)::int as n from documents where cliente_doc = ${HEAVY_RECEIVER}`.execute(db);
const heavyCount = heavy[0]!.n;
const depths = Array.from({ length: 20 }, (_, i) => Math.floor(((i + 1) / 21) * heavyCount));
const cursors: string[] = [];
for (const depth of depths) {
  const { rows } = await sql<{ fecha: string; id: number }>`
    select fecha, id from documents where cliente_doc = ${HEAVY_RECEIVER}
    order by fecha desc, id desc offset ${depth} limit 1`.execute(db);
  cursors.push(encodeCursor('fecha', [rows[0]!.fecha], rows[0]!.id));
}
await db.destroy();

const server = await startServer(
  { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/sufel-bench-scale' },
  8190,
);
try {
  const login = await fetch(`${server.url}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documento: HEAVY_RECEIVER, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  // A receiver that sees nothing would page in no time: the timings would mean nothing.
  const first = (await (
    await fetch(`${server.url}/api/client/documents?limit=50`, { headers: auth })
  ).json()) as { items: unknown[]; total: number; totalCapped: boolean };
  if (first.items.length !== 50)
    throw new Error(`The heavy receiver sees ${first.items.length} documents`);
  console.info(
    `Receiver page 1 says ${first.totalCapped ? 'more than ' : ''}${first.total} documents.`,
  );
  const load = (next: (sequence: number) => LoadRequest) =>
    runLoad({ baseUrl: server.url, concurrency: CONCURRENCY, durationMs: DURATION_MS, next });

  // Warm the caches the way a running portal would be.
  await runLoad({
    baseUrl: server.url,
    concurrency: CONCURRENCY,
    durationMs: 3000,
    next: () => ({
      method: 'POST',
      path: '/api/document/auth',
      body: syntheticDocument(random(DOCUMENTS)),
    }),
  });

  const baseline = await load(() => ({ method: 'GET', path: '/health' }));
  const consultation = await load(() => ({
    method: 'POST',
    path: '/api/document/auth',
    body: syntheticDocument(random(DOCUMENTS)),
  }));
  const firstPage = await load(() => ({
    method: 'GET',
    path: '/api/client/documents?limit=50',
    headers: auth,
  }));
  const deepPage = await load((i) => ({
    method: 'GET',
    path: `/api/client/documents?limit=50&cursor=${cursors[i % cursors.length]!}`,
    headers: auth,
  }));
  const filtered: { label: string; result: LoadResult }[] = [];
  for (const [label, query] of FILTERED_PAGES) {
    const result = await load(() => ({
      method: 'GET',
      path: `/api/client/documents?limit=50&${query}`,
      headers: auth,
    }));
    if (result.statuses[200] !== result.requests) {
      throw new Error(`${label}: ${JSON.stringify(result.statuses)}`);
    }
    filtered.push({ label, result });
  }

  console.info(
    `\n${DOCUMENTS.toLocaleString('en-US')} documents on PostgreSQL, ${CONCURRENCY} connections, ${DURATION_MS / 1000} s each`,
  );
  console.info(describeLoad('baseline GET /health', baseline));
  console.info(describeLoad('consultation', consultation));
  console.info(describeLoad('receiver page 1', firstPage));
  console.info(
    describeLoad(
      `pages ${depths[0]!.toLocaleString('en-US')}–${depths.at(-1)!.toLocaleString('en-US')} deep`,
      deepPage,
    ),
  );
  for (const { label, result } of filtered) console.info(describeLoad(label, result));
  console.info('\nratios to the baseline:');
  console.info(`  consultation      ${ratio(consultation, baseline)}`);
  console.info(`  receiver page 1   ${ratio(firstPage, baseline)}`);
  console.info(
    `  deep pages        ${ratio(deepPage, baseline)}   (deep ÷ first page p99 ×${(deepPage.p99 / firstPage.p99).toFixed(2)})`,
  );
  const verdict = consultation.p99 <= TARGET_P99_MS ? 'meets' : 'MISSES';
  console.info(
    `\nconsultation p99 ${consultation.p99.toFixed(2)} ms ${verdict} the ${TARGET_P99_MS} ms target`,
  );
  const pages = [
    { label: 'receiver page 1', result: firstPage },
    { label: 'deep pages', result: deepPage },
    ...filtered,
  ];
  const slowest = pages.reduce((a, b) => (a.result.p99 >= b.result.p99 ? a : b));
  const pagesVerdict = slowest.result.p99 <= PAGE_TARGET_P99_MS ? 'meets' : 'MISSES';
  console.info(
    `slowest receiver page p99 ${slowest.result.p99.toFixed(2)} ms (${slowest.label}) ${pagesVerdict} the ${PAGE_TARGET_P99_MS} ms target`,
  );
} finally {
  await server.stop();
}
