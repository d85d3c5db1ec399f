/**
 * Publishing throughput from the CLI, on the embedded database and on PostgreSQL
 * with each file driver (local pack files, the database itself, an S3 server).
 *
 *   npm run bench:publish        # 5 000 documents (BENCH_PUBLISH_DOCUMENTS to change)
 *   TEST_S3_SERVER=ceph npm run bench:publish   # FILES=s3 on a Ceph RADOS Gateway, not s3rver
 *
 * Writes distinct copies of a real factura, starts the built server on a fresh
 * data directory and publishes them all with the CLI's publisher (batches, several
 * requests in flight). The baseline, run in this same process, is reading the same
 * XML files with the UBL reader alone: the least work any publish must do.
 */
import { parseUblDocument } from '@sufel/ubl';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectDocumentFiles } from '../apps/server/src/cli/collect-files.js';
import { publishDocuments } from '../apps/server/src/cli/publish-documents.js';
import { SufelClient } from '../apps/server/src/cli/sufel-client.js';
import { S3_SERVER, startS3Server } from '../apps/server/test/helpers/s3-server.js';
import { dropPostgres, freshPostgres } from './lib/postgres.js';
import { ROOT, startServer } from './lib/server.js';

const COUNT = Number(process.env.BENCH_PUBLISH_DOCUMENTS ?? 5000);
const TARGET_PER_SECOND = 1000;
const ADMIN_TOKEN = 'benchmark-admin-token-0123456789';
const RUC = '20606433094';
const PASSWORD = 'clave-de-medicion-1';

async function writeDocuments(dir: string): Promise<string[]> {
  const template = await readFile(
    path.join(ROOT, 'packages/ubl/test/fixtures/20606433094-01-F001-3.xml'),
    'latin1',
  );
  const files: string[] = [];
  await mkdir(dir, { recursive: true });
  for (let n = 1; n <= COUNT; n++) {
    const file = path.join(dir, `${RUC}-01-F777-${n}.xml`);
    await writeFile(
      file,
      template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F777-${n}</cbc:ID>`),
      'latin1',
    );
    files.push(file);
  }
  return files;
}

async function parseBaseline(files: string[]): Promise<number> {
  const contents = await Promise.all(files.map((file) => readFile(file)));
  const started = performance.now();
  for (const bytes of contents) parseUblDocument(bytes);
  return contents.length / ((performance.now() - started) / 1000);
}

async function measure(
  label: string,
  env: Record<string, string>,
  docsDir: string,
): Promise<number> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-publish-'));
  const server = await startServer(
    { ...env, DATA_DIR: dataDir, SUFEL_DEMO: '0', ADMIN_TOKEN },
    18191,
  );
  try {
    const client = new SufelClient(server.url);
    await client.createIssuer(ADMIN_TOKEN, {
      ruc: RUC,
      nombre: 'EMISOR DE MEDICION',
      password: PASSWORD,
    });
    await client.login(RUC, PASSWORD);
    const documents = await collectDocumentFiles([docsDir]);
    const summary = await publishDocuments(client, documents, { concurrency: 4, batchSize: 50 });
    if (summary.published !== COUNT) {
      throw new Error(
        `${label}: published ${summary.published} of ${COUNT}: ${JSON.stringify(summary.rejected[0])}`,
      );
    }
    const rate = COUNT / summary.seconds;
    console.info(
      `${label.padEnd(22)} ${COUNT} documents in ${summary.seconds.toFixed(1)} s = ${Math.round(rate)} documents/s`,
    );
    return rate;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const docsDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-docs-'));
try {
  const files = await writeDocuments(docsDir);
  const baseline = await parseBaseline(files);
  console.info(`baseline: UBL reader alone, ${Math.round(baseline)} documents/s in this process\n`);
  const embedded = await measure('embedded PGlite', {}, docsDir);
  const onPostgres = async (label: string, env: Record<string, string>) =>
    measure(label, { DATABASE_URL: await freshPostgres('sufel_bench_publish'), ...env }, docsDir);
  const local = await onPostgres('PostgreSQL, FILES=local', { FILES: 'local' });
  const postgres = await onPostgres('PostgreSQL, FILES=postgres', { FILES: 'postgres' });
  const s3 = await startS3Server();
  const objects = await onPostgres(`PostgreSQL, FILES=s3 (${S3_SERVER})`, s3.env).finally(() =>
    s3.close(),
  );
  console.info('\nratios:');
  for (const [label, rate] of [
    ['embedded PGlite', embedded],
    ['FILES=local', local],
    ['FILES=postgres', postgres],
    ['FILES=s3', objects],
  ] as const) {
    console.info(
      `  ${label.padEnd(16)} ×${(rate / baseline).toFixed(3)} of the reader alone, ` +
        `×${(rate / TARGET_PER_SECOND).toFixed(2)} of the ${TARGET_PER_SECOND}/s target, ` +
        `×${(rate / local).toFixed(2)} of FILES=local on PostgreSQL`,
    );
  }
  console.info(
    `  FILES=postgres must stay ≥ ×0.80 of FILES=local: ×${(postgres / local).toFixed(2)}`,
  );
} finally {
  await dropPostgres('sufel_bench_publish');
  await rm(docsDir, { recursive: true, force: true });
}
