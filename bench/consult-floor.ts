/**
 * Consultation throughput at 1 000 000 documents on PostgreSQL with
 * FILES=postgres, side by side with a floor server.
 *
 *   npm run bench:consult        # BENCH_DOCUMENTS, BENCH_SECONDS, BENCH_CONCURRENCY to change
 *   BENCH_KEEP_DATABASE=1 npm run bench:consult   # keep the filled database for the next run
 *
 * Fills a fresh database with generate_series, starts the built SUFEL and the
 * floor (plain Fastify + pg, the same unique-key lookup, a token of the same
 * size; bench/lib/floor-server.ts) on it, and loads them alternately with the
 * same random consultations from 32 connections. Prints SUFEL's throughput and
 * p99 as ratios to the floor's, measured in this same run, then drops the
 * database.
 *
 * SUFEL sends its lookup as a named prepared statement, which halves
 * PostgreSQL's work per consultation; the plain floor does not. So that the
 * ratio does not hide what the rest of SUFEL costs, the same floor with a
 * prepared statement runs alongside, and the ratio to it is printed too.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { describeLoad, runLoad, type LoadResult } from './lib/load.js';
import { ROOT, runningServer, startServer, type RunningServer } from './lib/server.js';
import { fillDocuments, syntheticDocument } from './lib/synthetic-documents.js';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DATABASE = 'sufel_bench_consult';
/** Against the prepared floor: throughput at least this share, p99 at most this multiple. */
const TARGET = { throughput: 0.9, p99: 1.3 };

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(query);
  await client.end();
}

async function startFloor(
  databaseUrl: string,
  tokenLength: number,
  port: number,
  prepared: boolean,
): Promise<RunningServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/lib/floor-server.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        TOKEN_LENGTH: String(tokenLength),
        PREPARED: prepared ? '1' : '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    const probe = await fetch(`${url}/api/document/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(syntheticDocument(1)),
    }).catch(() => null);
    if (probe?.ok) break;
    if (tries > 300) throw new Error('the floor server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return runningServer(url, child);
}

const consult = (server: RunningServer, durationMs = DURATION_MS) =>
  runLoad({
    baseUrl: server.url,
    concurrency: CONCURRENCY,
    durationMs,
    next: () => ({
      method: 'POST',
      path: '/api/document/auth',
      body: syntheticDocument(1 + Math.floor(Math.random() * DOCUMENTS)),
    }),
  });

/** Whether a database kept by an earlier run holds the documents this run asks for. */
async function filled(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: string }>('select count(*) from documents');
    return Number(rows[0]?.count) === DOCUMENTS;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const perSecond = (result: LoadResult) => result.requests / result.seconds;

const KEEP = process.env.BENCH_KEEP_DATABASE === '1';
const url = new URL(SERVER_URL);
url.pathname = `/${DATABASE}`;
const databaseUrl = url.toString();
let sufel: RunningServer | undefined;
let floor: RunningServer | undefined;
let preparedFloor: RunningServer | undefined;
try {
  if (!(KEEP && (await filled(databaseUrl)))) {
    await admin(`drop database if exists ${DATABASE} with (force)`);
    await admin(`create database ${DATABASE}`);
    const db = connectPostgres(databaseUrl, 2);
    await migrateToLatest(db);
    const started = performance.now();
    await fillDocuments(db, DOCUMENTS);
    await db.destroy();
    console.info(
      `${DOCUMENTS.toLocaleString('en-US')} documents in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }

  sufel = await startServer(
    {
      DATABASE_URL: databaseUrl,
      FILES: 'postgres',
      DATA_DIR: '/tmp/sufel-bench-consult',
      JWT_SECRET: 'benchmark-secret-0123456789abcdefghij',
    },
    18190,
  );
  const sample = await fetch(`${sufel.url}/api/document/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(syntheticDocument(1)),
  });
  const { token } = (await sample.json()) as { token: string };
  floor = await startFloor(databaseUrl, token.length, 18192, false);
  preparedFloor = await startFloor(databaseUrl, token.length, 18193, true);
  const servers = [
    { label: 'floor (Fastify + pg)', server: floor, runs: [] as LoadResult[] },
    { label: 'floor, prepared lookup', server: preparedFloor, runs: [] as LoadResult[] },
    { label: 'SUFEL, FILES=postgres', server: sufel, runs: [] as LoadResult[] },
  ];

  // Warm each, then alternate so that none profits from a quieter moment.
  for (const { server } of servers) await consult(server, 3000);
  for (let round = 0; round < 2; round += 1) {
    for (const entry of servers) entry.runs.push(await consult(entry.server));
  }
  const [floorBest, preparedBest, sufelBest] = servers.map(({ label, runs }) => {
    const best = runs.reduce((a, b) => (perSecond(a) >= perSecond(b) ? a : b));
    console.info(describeLoad(label, best));
    return best;
  }) as [LoadResult, LoadResult, LoadResult];
  const ratios = (reference: LoadResult) =>
    `throughput ×${(perSecond(sufelBest) / perSecond(reference)).toFixed(2)}, ` +
    `p99 ×${(sufelBest.p99 / reference.p99).toFixed(2)}`;
  console.info(
    `\nconsultation at ${DOCUMENTS.toLocaleString('en-US')} documents, ${CONCURRENCY} connections:` +
      `\n  SUFEL against the floor:                  ${ratios(floorBest)}` +
      `\n  SUFEL against the floor, prepared lookup: ${ratios(preparedBest)}` +
      ` (target throughput ≥ ×${TARGET.throughput}, p99 ≤ ×${TARGET.p99})`,
  );
  // A ratio of refusals to lookups says nothing: every answer must have been a consultation.
  const refused = sufelBest.requests - (sufelBest.statuses[200] ?? 0);
  if (refused > 0) {
    console.error(`SUFEL answered ${refused} requests with something other than 200.`);
    process.exitCode = 1;
  }
} finally {
  await sufel?.stop();
  await floor?.stop();
  await preparedFloor?.stop();
  if (!KEEP) await admin(`drop database if exists ${DATABASE} with (force)`);
}
