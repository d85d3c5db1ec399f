/**
 * The backfill of money facts (detracción, percepción, retention, payment form
 * and instalments) over documents already stored, on PostgreSQL with the disk
 * file store: `npm run bench:money-backfill`.
 *
 * Stores BENCH_BACKFILL_DOCUMENTS (default 20 000) rows whose XML are the
 * package's samples in turn, then runs, in this process and on the same rows,
 * the register-amounts backfill (the baseline: a full parse of each XML) and
 * the money backfill, each from scratch. Printed in documents/s and as the
 * ratio to the baseline. The money backfill must reach 1 000 documents/s.
 */
import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { connectPostgres } from '../apps/server/src/db/connect.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { storeFiles } from '../apps/server/src/file-store/file-store.js';
import { openFileStore } from '../apps/server/src/file-store/open-file-store.js';
import { BackfillScansRepository } from '../apps/server/src/modules/documents/backfill-scans.repository.js';
import { DocumentsRepository } from '../apps/server/src/modules/documents/documents.repository.js';
import { MoneyBackfill } from '../apps/server/src/modules/documents/money-backfill.js';
import { RegisterBackfill } from '../apps/server/src/modules/documents/register-backfill.js';
import { fixtureBytes, readManifest } from '../packages/ubl/test/fixtures.js';
import { dropPostgres, freshPostgres } from './lib/postgres.js';

const COUNT = Number(process.env.BENCH_BACKFILL_DOCUMENTS ?? 20_000);
const TARGET_PER_SECOND = 1_000;
const DATABASE = 'sufel_bench_money_backfill';

const samples = readManifest()
  .filter((row) => ['invoice', 'boleta', 'credit', 'debit'].includes(row.kind!))
  .filter((row) => !/is not 11 digits/.test(row.notes!))
  .map((row) => fixtureBytes(row.file!));

const url = await freshPostgres(DATABASE);
const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-backfill-'));
const db = connectPostgres(url, 4);
try {
  await migrateToLatest(db);
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent' });
  const files = await openFileStore(config.files, config, db);
  const hashes = await storeFiles(files.store, db, samples);
  const hashArray = sql.raw(`array[${hashes.map((hash) => `'${hash}'`).join(',')}]`);
  await sql`insert into companies (ruc, nombre, password_hash)
    values ('20100000001', 'EMISOR', 'scrypt$1$1$1$x$x')`.execute(db);
  await sql`
    insert into documents (emisor, emisor_nombre, tipo, serie, numero, fecha, total, moneda,
      cliente_tipo, cliente_doc, cliente_nombre, xml_hash)
    select '20100000001', 'EMISOR', '01', 'F001', k, date '2025-01-01' + (k % 365), 100, 'PEN',
      '6', '20999999999', 'CLIENTE', (${hashArray})[1 + k % ${hashes.length}]
    from generate_series(1, ${COUNT}) k`.execute(db);
  await sql`analyze documents`.execute(db);

  const scans = new BackfillScansRepository(db);
  const documents = new DocumentsRepository(db);
  const timed = async (run: () => Promise<{ read: number; failed: unknown[] }>) => {
    const started = performance.now();
    const { read, failed } = await run();
    if (failed.length > 0) throw new Error(`${failed.length} documents failed`);
    return read / ((performance.now() - started) / 1000);
  };
  const register = await timed(() => new RegisterBackfill(db, scans, documents, files.store).run());
  const money = await timed(() => new MoneyBackfill(db, scans, documents, files.store).run());

  console.info(
    `${COUNT} stored documents (${samples.length} samples in turn), PostgreSQL, disk file store:`,
  );
  console.info(`register amounts backfill (baseline) ${Math.round(register)} documents/s`);
  console.info(
    `money facts backfill                 ${Math.round(money)} documents/s  ×${(money / register).toFixed(2)}`,
  );
  console.info(
    `\nmoney backfill: ${Math.round(money)} documents/s, the target is ${TARGET_PER_SECOND}/s: ${money >= TARGET_PER_SECOND ? 'met' : 'NOT met'}`,
  );
  files.close();
} finally {
  await db.destroy();
  await dropPostgres(DATABASE);
  await rm(dataDir, { recursive: true, force: true });
}
