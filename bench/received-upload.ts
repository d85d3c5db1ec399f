/**
 * Adding 5 000 received documents in ZIPs through the real upload route, against publishing the same documents through the issuer API in the same run.
 *
 *   npm run bench:received                       # 5 000 documents (BENCH_RECEIVED_DOCUMENTS to change)
 *
 * Writes distinct copies of a real factura addressed to the bench receiver and
 * packs them in ZIPs of at most 2 000 entries (the most one ZIP may hold), all
 * sent in one `multipart/form-data` request streamed from disk to a built
 * server on a fresh embedded database. Prints documents/s, the ratio to
 * publishing the same files with the CLI's publisher on another fresh server,
 * and how much the server's resident memory grew while it read the upload.
 * Targets: ≥ 300 documents/s, ≥ ×0.5 of publishing, RSS growth ≤ 150 MB.
 */
import { zipSync } from 'fflate';
import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { collectDocumentFiles } from '../apps/server/src/cli/collect-files.js';
import { publishDocuments } from '../apps/server/src/cli/publish-documents.js';
import { SufelClient } from '../apps/server/src/cli/sufel-client.js';
import { ROOT, startServer, type RunningServer } from './lib/server.js';

const COUNT = Number(process.env.BENCH_RECEIVED_DOCUMENTS ?? 5000);
const ZIP_ENTRIES = 2000;
const TARGET_PER_SECOND = 300;
const TARGET_RATIO = 0.5;
const TARGET_RSS_MB = 150;
const ADMIN_TOKEN = 'benchmark-admin-token-0123456789';
const ISSUER = '20606433094';
const RECEIVER = '20415932376';
const PASSWORD = 'clave-de-medicion-1';
const TEMPLATE = 'packages/ubl/test/fixtures/20606433094-01-F001-3.xml';

/** The documents as files for the publisher, and the same bytes for the ZIPs. */
async function writeDocuments(dir: string): Promise<Map<string, Uint8Array>> {
  const template = await readFile(path.join(ROOT, TEMPLATE), 'latin1');
  const documents = new Map<string, Uint8Array>();
  await mkdir(dir, { recursive: true });
  for (let n = 1; n <= COUNT; n++) {
    const name = `${ISSUER}-01-F777-${n}.xml`;
    const bytes = Buffer.from(
      template.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F777-${n}</cbc:ID>`),
      'latin1',
    );
    await writeFile(path.join(dir, name), bytes);
    documents.set(name, bytes);
  }
  return documents;
}

async function writeZips(dir: string, documents: Map<string, Uint8Array>): Promise<string[]> {
  const entries = [...documents];
  const zips: string[] = [];
  for (let start = 0; start < entries.length; start += ZIP_ENTRIES) {
    const file = path.join(dir, `recibidos-${zips.length + 1}.zip`);
    await writeFile(file, zipSync(Object.fromEntries(entries.slice(start, start + ZIP_ENTRIES))));
    zips.push(file);
  }
  return zips;
}

/** Resident memory of a process now, from /proc (Linux). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kib === undefined ? 0 : Number(kib) * 1024;
}

async function freshServer(port: number): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-received-'));
  const server = await startServer({ DATA_DIR: dataDir, SUFEL_DEMO: '0', ADMIN_TOKEN }, port);
  return { server, dataDir };
}

async function issuerClient(url: string): Promise<SufelClient> {
  const client = new SufelClient(url);
  await client.createIssuer(ADMIN_TOKEN, { ruc: ISSUER, nombre: 'EMISOR', password: PASSWORD });
  await client.login(ISSUER, PASSWORD);
  return client;
}

async function publishRate(docsDir: string): Promise<number> {
  const { server, dataDir } = await freshServer(18291);
  try {
    const client = await issuerClient(server.url);
    const summary = await publishDocuments(client, await collectDocumentFiles([docsDir]), {
      concurrency: 4,
      batchSize: 50,
    });
    if (summary.published !== COUNT) throw new Error(`published ${summary.published} of ${COUNT}`);
    const rate = COUNT / summary.seconds;
    console.info(
      `publish (issuer API)  ${COUNT} documents in ${summary.seconds.toFixed(1)} s = ${Math.round(rate)} documents/s`,
    );
    return rate;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Registers the receiver with a document its issuer published as proof; answers its token. */
async function receiverToken(url: string): Promise<string> {
  const issuer = await issuerClient(url);
  await issuer.publish({
    xml: (await readFile(path.join(ROOT, TEMPLATE))).toString('base64'),
    pdf: '',
    cdr: '',
  });
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route} → ${response.status} ${await response.text()}`);
    return (await response.json()) as { token: string };
  };
  await post('/api/client/register', {
    documento: RECEIVER,
    nombres: 'RECEPTOR DE MEDICION',
    password: PASSWORD,
    repeat_password: PASSWORD,
    comprobante: {
      emisor: ISSUER,
      tipo: '01',
      documento: 'F001-3',
      fecha: '2024-11-25',
      total: '1180.00',
    },
  });
  return (await post('/api/client/login', { documento: RECEIVER, password: PASSWORD })).token;
}

async function uploadRate(zips: string[]): Promise<{ rate: number; rssGrowth: number }> {
  const { server, dataDir } = await freshServer(18292);
  try {
    const token = await receiverToken(server.url);
    const pid = server.process.pid!;
    const before = await rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      void rssOf(pid).then((rss) => (peak = Math.max(peak, rss)));
    }, 50);
    const form = new FormData();
    for (const zip of zips) form.append('files', await openAsBlob(zip), path.basename(zip));
    const started = performance.now();
    const response = await fetch(`${server.url}/api/client/received`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as { items?: { estado: string; motivo: string }[] };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, await rssOf(pid));
    const added = body.items?.filter((item) => item.estado === 'agregado').length ?? 0;
    if (!response.ok || added !== COUNT) {
      const refused = body.items?.find((item) => item.estado !== 'agregado');
      throw new Error(
        `upload: ${response.status}, added ${added} of ${COUNT}: ${JSON.stringify(refused ?? body)}`,
      );
    }
    const rate = COUNT / seconds;
    console.info(
      `upload (${zips.length} ZIPs)        ${COUNT} documents in ${seconds.toFixed(1)} s = ${Math.round(rate)} documents/s`,
    );
    return { rate, rssGrowth: peak - before };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const work = await mkdtemp(path.join(tmpdir(), 'sufel-bench-received-docs-'));
try {
  const docsDir = path.join(work, 'xml');
  const documents = await writeDocuments(docsDir);
  const zips = await writeZips(work, documents);
  documents.clear();
  const publish = await publishRate(docsDir);
  const upload = await uploadRate(zips);
  const mb = upload.rssGrowth / (1024 * 1024);
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.info('\nratios:');
  console.info(
    `  upload ${Math.round(upload.rate)} documents/s: ×${(upload.rate / TARGET_PER_SECOND).toFixed(2)} of the ${TARGET_PER_SECOND}/s target (${verdict(upload.rate >= TARGET_PER_SECOND)})`,
  );
  console.info(
    `  upload ×${(upload.rate / publish).toFixed(2)} of publishing the same documents (target ≥ ×${TARGET_RATIO}: ${verdict(upload.rate / publish >= TARGET_RATIO)})`,
  );
  console.info(
    `  server RSS grew ${mb.toFixed(0)} MB during the upload (target ≤ ${TARGET_RSS_MB} MB: ${verdict(mb <= TARGET_RSS_MB)})`,
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
