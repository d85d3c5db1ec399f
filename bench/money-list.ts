/**
 * The receiver's list with the money filters, at scale, on PostgreSQL:
 *
 *   npm run bench:money-list     # 1 million documents (BENCH_DOCUMENTS to change)
 *
 * Fills (once, then reuses) the synthetic documents of bench:scale, gives them
 * money facts (one in nine subject to detracción, one in seven on credit with
 * an instalment), starts the built server and measures, against the same
 * server, the first page of the heavy receiver (1/20 of all documents) without
 * a filter (the baseline), with detraccion=1, with formaPago=credito and with
 * both, then the "Por pagar" and "Detracciones" answers of a month. Each
 * filtered p99 must stay within ×1.2 of the unfiltered list's.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { createPasswordHasher } from '../apps/server/src/auth/passwords.js';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { describeLoad, runLoad, type LoadRequest, type LoadResult } from './lib/load.js';
import { startServer } from './lib/server.js';
import { fillDocuments, HEAVY_RECEIVER } from './lib/synthetic-documents.js';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? `sufel_bench_${DOCUMENTS}`;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const TARGET_RATIO = 1.2;
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

const databaseUrl = await ensureDatabase();
const db = connectPostgres(databaseUrl, 2);
await migrateToLatest(db);
console.info(
  `Database ${DATABASE}: filling to ${DOCUMENTS.toLocaleString('en-US')} documents if needed…`,
);
await fillDocuments(db, DOCUMENTS);
const started = performance.now();
const { numAffectedRows } = await sql`
  update documents set
    dinero_leido = true,
    detraccion = id % 9 = 0,
    detraccion_codigo = case when id % 9 = 0 then '022' end,
    detraccion_porcentaje = case when id % 9 = 0 then 12.00 end,
    detraccion_monto = case when id % 9 = 0 then round(total * 0.12, 2) end,
    detraccion_cuenta = case when id % 9 = 0 then '00-045-091619' end,
    forma_pago = case when id % 7 = 0 then 'Credito' else 'Contado' end,
    cuotas = case when id % 7 = 0 then 1 else 0 end
  where not dinero_leido`.execute(db);
if (Number(numAffectedRows ?? 0) > 0) {
  await sql`
    insert into document_installments (document_id, cuota, identificador, monto, vence)
    select id, 1, 'Cuota001', total, fecha + 30 from documents where forma_pago = 'Credito'
    on conflict do nothing`.execute(db);
  await sql`vacuum analyze documents`.execute(db);
  await sql`analyze document_installments`.execute(db);
  console.info(`  money facts given in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const passwordHash = await createPasswordHasher().hash(PASSWORD);
// Verified, so it sees every issuer's documents: an account limited to granted issuers would see none of these.
await sql`
  insert into clients (documento, nombres, password_hash, verified_by, verified_at)
  values (${HEAVY_RECEIVER}, 'RECEPTOR GRANDE', ${passwordHash}, 'operator', now())
  on conflict (documento) do update set password_hash = excluded.password_hash,
    password_changed_at = now() - interval '1 minute', verified_by = 'operator', verified_at = now()`.execute(
  db,
);
const { rows } = await sql<{ fecha: string }>`
  select max(fecha)::text as fecha from documents where cliente_doc = ${HEAVY_RECEIVER}`.execute(
  db,
);
const latest = rows[0]!.fecha;
await db.destroy();

const month = { start: `${latest.slice(0, 7)}-01`, end: latest };
const server = await startServer(
  { DATABASE_URL: databaseUrl, DATA_DIR: '/tmp/sufel-bench-money-list' },
  8191,
);
try {
  const login = await fetch(`${server.url}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documento: HEAVY_RECEIVER, password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  // An empty answer is fast for the wrong reason: every measured list must show documents.
  for (const path of [
    '/api/client/documents?limit=50',
    '/api/client/documents?limit=50&detraccion=1&formaPago=credito',
  ]) {
    const page = (await (await fetch(`${server.url}${path}`, { headers: auth })).json()) as {
      items?: unknown[];
    };
    if ((page.items?.length ?? 0) === 0)
      throw new Error(`The heavy receiver sees nothing at ${path}`);
  }
  const load = (path: string) =>
    runLoad({
      baseUrl: server.url,
      concurrency: 1,
      durationMs: DURATION_MS,
      next: (): LoadRequest => ({ method: 'GET', path, headers: auth }),
    });

  await runLoad({
    baseUrl: server.url,
    concurrency: 1,
    durationMs: 3000,
    next: (i): LoadRequest => ({
      method: 'GET',
      path: `/api/client/documents?limit=50${i % 2 === 0 ? '&detraccion=1' : '&formaPago=credito'}`,
      headers: auth,
    }),
  });
  const results: [string, LoadResult][] = [];
  for (const [label, path] of [
    ['list, no filter (baseline)', '/api/client/documents?limit=50'],
    ['list, detraccion=1', '/api/client/documents?limit=50&detraccion=1'],
    ['list, formaPago=credito', '/api/client/documents?limit=50&formaPago=credito'],
    ['list, both', '/api/client/documents?limit=50&detraccion=1&formaPago=credito'],
    ['payables of a month', `/api/client/payables?start=${month.start}&end=${month.end}`],
    ['detractions of a month', `/api/client/detractions?start=${month.start}&end=${month.end}`],
  ] as const) {
    results.push([label, await load(path)]);
  }

  const baseline = results[0]![1];
  console.info(
    `\n${DOCUMENTS.toLocaleString('en-US')} documents on PostgreSQL, ${DURATION_MS / 1000} s each`,
  );
  for (const [label, result] of results) console.info(describeLoad(label, result));
  console.info('\np99 ratios to the unfiltered list:');
  for (const [label, result] of results.slice(1)) {
    const ratio = result.p99 / baseline.p99;
    const verdict = label.startsWith('list')
      ? ratio <= TARGET_RATIO
        ? '  within ×1.2'
        : '  OVER ×1.2'
      : '';
    console.info(`  ${label.padEnd(26)} ×${ratio.toFixed(2)}${verdict}`);
  }
} finally {
  await server.stop();
}
