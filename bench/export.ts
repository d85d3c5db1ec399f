/**
 * Exporting a receiver's month on PostgreSQL: the time and the server's peak
 * RSS of a 10 000-document export as a ZIP whose PDFs are already stored, as
 * a ZIP whose PDFs are rendered during the export, and as XLSX.
 *
 *   npm run bench:export     # BENCH_EXPORT_DOCUMENTS (10 000) per receiver
 *
 * The baseline, measured in the same run for each export, is a plain Node HTTP
 * server streaming the very same bytes from a file: the least any download of
 * that size costs on this machine. Results are ratios to it.
 */
import { rucCheckDigit } from '@sufel/ubl';
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { collectDocumentFiles } from '../apps/server/src/cli/collect-files.js';
import { publishDocuments } from '../apps/server/src/cli/publish-documents.js';
import { SufelClient } from '../apps/server/src/cli/sufel-client.js';
import { freshPostgres } from './lib/postgres.js';
import { ROOT, startServer } from './lib/server.js';

const COUNT = Number(process.env.BENCH_EXPORT_DOCUMENTS ?? 10_000);
const SERVER_PORT = 20480;
const BASELINE_PORT = 20481;
const ADMIN_TOKEN = 'benchmark-admin-token-0123456789';
const ISSUER = '20606433094';
const PASSWORD = 'clave-de-medicion-1';
const WITH_PDF_RECEIVER = '20415932376';
const WITHOUT_PDF_RECEIVER = `2010007097${rucCheckDigit('2010007097')}`;
const PDF_SIZE = 40 * 1024;

/** A minimal real PDF, padded with a comment to the size of a typical issuer's PDF. */
function issuerPdf(): Buffer {
  const head = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
  const tail =
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
  const padding = `%${'x'.repeat(PDF_SIZE - head.length - tail.length - 2)}\n`;
  return Buffer.from(head + padding + tail, 'latin1');
}

/** Distinct copies of a real factura to `receiver`, each with the issuer's PDF or none. */
async function writeDocuments(dir: string, series: string, receiver: string, pdf: Buffer | null) {
  const template = await readFile(
    path.join(ROOT, 'packages/ubl/test/fixtures/20606433094-01-F001-3.xml'),
    'latin1',
  );
  await mkdir(dir, { recursive: true });
  for (let n = 1; n <= COUNT; n++) {
    const name = path.join(dir, `${ISSUER}-01-${series}-${n}`);
    const xml = template
      .replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>${series}-${n}</cbc:ID>`)
      .replace('>20415932376</cbc:ID>', `>${receiver}</cbc:ID>`);
    await writeFile(`${name}.xml`, xml, 'latin1');
    if (pdf !== null) await writeFile(`${name}.pdf`, pdf);
  }
}

async function json(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} → ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Registers the receiver with one of its documents as proof, and answers its token. */
async function receiverToken(base: string, ruc: string, series: string): Promise<string> {
  await json(`${base}/api/client/register`, {
    documento: ruc,
    nombres: `RECEPTOR ${ruc}`,
    password: PASSWORD,
    repeat_password: PASSWORD,
    comprobante: {
      emisor: ISSUER,
      tipo: '01',
      documento: `${series}-1`,
      fecha: '2024-11-25',
      total: '1180.00',
    },
  });
  const { token } = await json(`${base}/api/client/login`, { documento: ruc, password: PASSWORD });
  return token as string;
}

/** Resident memory of a process now, from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kib === undefined ? 0 : Number(kib) * 1024;
}

interface Measured {
  seconds: number;
  bytes: number;
  peakRss: number;
}

/** Downloads `url` into `file`, sampling the serving process's RSS every 20 ms. */
async function measureDownload(
  url: string,
  headers: Record<string, string>,
  pid: number,
  file: string,
): Promise<Measured> {
  let peakRss = await rssOf(pid);
  const sampler = setInterval(() => {
    void rssOf(pid).then((rss) => {
      peakRss = Math.max(peakRss, rss);
    });
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    if (!response.ok || response.body === null) {
      throw new Error(`${url} → ${response.status} ${await response.text()}`);
    }
    let bytes = 0;
    // The DOM and node:stream/web name the same stream with two types.
    const counted = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    counted.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(counted, createWriteStream(file));
    return { seconds: (performance.now() - started) / 1000, bytes, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

/** A plain Node HTTP server that streams one file, in a process of its own. */
async function plainFileServer(file: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => require('node:fs').createReadStream(${JSON.stringify(file)}).pipe(s)).listen(${BASELINE_PORT}, '127.0.0.1', () => console.log('ready'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const MIB = 1024 * 1024;
const work = await mkdtemp(path.join(tmpdir(), 'sufel-bench-export-'));
try {
  const withPdf = path.join(work, 'con-pdf');
  const withoutPdf = path.join(work, 'sin-pdf');
  await writeDocuments(withPdf, 'F777', WITH_PDF_RECEIVER, issuerPdf());
  await writeDocuments(withoutPdf, 'F888', WITHOUT_PDF_RECEIVER, null);

  const server = await startServer(
    {
      DATABASE_URL: await freshPostgres('sufel_bench_export'),
      DATA_DIR: path.join(work, 'data'),
      SUFEL_DEMO: '0',
      ADMIN_TOKEN,
      EXPORTS_PER_HOUR: '1000',
    },
    SERVER_PORT,
  );
  try {
    const client = new SufelClient(server.url);
    await client.createIssuer(ADMIN_TOKEN, { ruc: ISSUER, nombre: 'EMISOR', password: PASSWORD });
    await client.login(ISSUER, PASSWORD);
    for (const dir of [withPdf, withoutPdf]) {
      const summary = await publishDocuments(client, await collectDocumentFiles([dir]), {
        concurrency: 4,
        batchSize: 50,
      });
      if (summary.published !== COUNT)
        throw new Error(`published ${summary.published} of ${COUNT}`);
    }
    console.info(`published 2 × ${COUNT} documents on PostgreSQL\n`);

    const scenarios = [
      { label: 'ZIP, PDFs stored', receiver: WITH_PDF_RECEIVER, series: 'F777', format: 'zip' },
      { label: 'XLSX', receiver: WITH_PDF_RECEIVER, series: 'F777', format: 'xlsx' },
      {
        label: 'ZIP, PDFs generated',
        receiver: WITHOUT_PDF_RECEIVER,
        series: 'F888',
        format: 'zip',
      },
    ] as const;
    const tokens = new Map<string, string>();
    for (const scenario of scenarios) {
      const token =
        tokens.get(scenario.receiver) ??
        (await receiverToken(server.url, scenario.receiver, scenario.series));
      tokens.set(scenario.receiver, token);
      const file = path.join(work, `export.${scenario.format}`);
      const idle = await rssOf(server.process.pid!);
      const exported = await measureDownload(
        `${server.url}/api/client/documents/export?format=${scenario.format}`,
        { authorization: `Bearer ${token}` },
        server.process.pid!,
        file,
      );
      const plain = await plainFileServer(file);
      let baseline: Measured;
      try {
        baseline = await measureDownload(
          `http://127.0.0.1:${BASELINE_PORT}/`,
          {},
          plain.pid,
          path.join(work, 'copy'),
        );
      } finally {
        await plain.stop();
      }
      console.info(
        `${scenario.label.padEnd(20)} ${COUNT} documents, ${(exported.bytes / MIB).toFixed(1)} MiB ` +
          `in ${exported.seconds.toFixed(2)} s, server RSS ${(idle / MIB).toFixed(0)} → peak ` +
          `${(exported.peakRss / MIB).toFixed(0)} MiB | plain file: ${baseline.seconds.toFixed(3)} s, ` +
          `peak RSS ${(baseline.peakRss / MIB).toFixed(0)} MiB | ratios: time ×${(exported.seconds / baseline.seconds).toFixed(1)}, ` +
          `peak RSS ×${(exported.peakRss / baseline.peakRss).toFixed(2)}`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
