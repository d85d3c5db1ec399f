/**
 * A period of documents checked with SUNAT through the job queue, against the stand-in of SUNAT's endpoints on loopback.
 *
 *   npm run bench -- sunat-validity     # 10 000 documents at 100/s (the highest rate allowed)
 *
 * BENCH_SUNAT_DOCUMENTS and BENCH_SUNAT_RATE change the size and the
 * configured SUNAT_RATE_PER_SECOND. The receiver's documents are stored, its
 * credentials saved (SUNAT is asked for a token), the period queued in one
 * request, and the worker of this process checks them all. Printed: how long
 * queuing took, the throughput as a ratio to the configured rate (the queue
 * must keep to it, ≤ 1.0, and come close to it), and the event loop's longest
 * delay while it ran, which must stay under 100 ms. PGlite by default;
 * TEST_DATABASE_URL uses a fresh database on that PostgreSQL server.
 */
import type {} from '@fastify/cookie';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildTestApp } from '../apps/server/test/helpers/build-test-app.js';
import { storeDocuments } from '../apps/server/test/helpers/receiver-documents.js';
import { startSunatStandIn } from '../apps/server/test/helpers/sunat-stand-in.js';

const COUNT = Number(process.env.BENCH_SUNAT_DOCUMENTS ?? 10_000);
const RATE = Number(process.env.BENCH_SUNAT_RATE ?? 100);
const RECEIVER = '20415932376';
const ISSUER = '20100000001';
const CLIENT_ID = 'bench-cliente';
const SECRET = 'bench-secreto';
const MAX_LOOP_DELAY_MS = 100;

const sunat = await startSunatStandIn({ [CLIENT_ID]: SECRET });
sunat.unknownDocument = { estadoCp: '1', estadoRuc: '00', condDomiRuc: '00' };
const t = await buildTestApp({
  env: {
    SUNAT_AUTH_URL: sunat.authUrl,
    SUNAT_API_URL: sunat.apiUrl,
    SUNAT_RATE_PER_SECOND: String(RATE),
    LOG_LEVEL: 'error',
  },
});
// The queue runs on real time here.
Object.defineProperty(t.clock, 'now', { get: () => new Date() });
// Starts the job worker, as listening does in production.
await t.app.ready();

try {
  await t.database.db
    .insertInto('clients')
    .values({
      documento: RECEIVER,
      nombres: 'RECEPTOR BENCH',
      password_hash: 'x',
      password_changed_at: new Date(),
      // A verified account sees every issuer's documents, as the period check must.
      verified_by: 'operator',
      verified_at: new Date(),
    })
    .execute();
  await storeDocuments(
    t.database.db,
    RECEIVER,
    Array.from({ length: COUNT }, (_, index) => ({
      emisor: ISSUER,
      tipo: '01',
      serie: 'F001',
      numero: index + 1,
      fecha: `2025-03-${String((index % 28) + 1).padStart(2, '0')}`,
      total: '118.00',
    })),
  );
  const saved = await t.services.sunatCredentials.save(RECEIVER, {
    clientId: CLIENT_ID,
    clientSecret: SECRET,
  });
  if (saved.state !== 'accepted') throw new Error(`credentials: ${saved.message}`);

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const queuedAt = performance.now();
  const started = await t.services.sunatValidity.startPeriod(RECEIVER, {
    start: '2025-03-01',
    end: '2025-03-31',
  });
  const queueMs = performance.now() - queuedAt;
  if (started.total !== COUNT) throw new Error(`queued ${started.total} of ${COUNT}`);

  let progress = await t.services.sunatValidity.progress(RECEIVER, started.id);
  while (progress.state !== 'done') {
    await sleep(500);
    progress = await t.services.sunatValidity.progress(RECEIVER, started.id);
  }
  const seconds = (performance.now() - queuedAt) / 1000;
  loop.disable();

  const queries = sunat.requests.filter((request) => request.endpoint === 'query');
  const distinct = new Set(queries.map((request) => String(request.body.numero))).size;
  const throughput = progress.done / seconds;
  const maxDelayMs = loop.max / 1e6;
  console.info(`documents: ${COUNT}, configured rate: ${RATE}/s`);
  console.info(`queued in ${queueMs.toFixed(0)} ms`);
  console.info(
    `checked: ${progress.done} done, ${progress.failed} failed; SUNAT asked ${queries.length} times about ${distinct} documents`,
  );
  console.info(
    `throughput: ${throughput.toFixed(1)}/s in ${seconds.toFixed(1)} s = ${(throughput / RATE).toFixed(2)} × the configured rate`,
  );
  console.info(
    `event-loop delay: max ${maxDelayMs.toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, mean ${(loop.mean / 1e6).toFixed(1)} ms (limit ${MAX_LOOP_DELAY_MS} ms)`,
  );
  if (maxDelayMs > MAX_LOOP_DELAY_MS) process.exitCode = 1;
} finally {
  await t.close();
  await sunat.close();
}
