/**
 * The "no document can stall the portal" table, measured on the built server
 * with the embedded database: `npm run bench:heavy`.
 *
 * Each shape runs alone on a fresh server: publish it, then ask for its PDF,
 * while /health is polled every 200 ms. Prints the publish and PDF answers
 * with their times, the worst /health latency, and the server's peak RSS
 * (VmHWM: main thread and workers together), beside its peak once started.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HEAVY_SHAPES,
  heavyProof,
  heavyXml,
  type HeavyShape,
} from '../apps/server/test/helpers/heavy-documents.js';
import {
  BENCH_ADMIN_TOKEN,
  postForJson,
  postJson,
  sampleIssuerToken,
} from './lib/portal-client.js';
import { startServer } from './lib/server.js';

const PORT = Number(process.env.BENCH_HEAVY_PORT ?? 23081);
const PDF_WAIT_MS = 30_000;
const HEALTH_TIMEOUT_MS = 5_000;

/** Polls /health every 200 ms until stopped; answers the worst latency in ms. */
function pollHealth(url: string): { stop: () => Promise<number> } {
  let running = true;
  let worst = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await fetch(`${url}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
        worst = Math.max(worst, performance.now() - started);
      } catch {
        worst = Math.max(worst, HEALTH_TIMEOUT_MS + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return worst;
    },
  };
}

async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function measure(shape: HeavyShape): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-heavy-'));
  const server = await startServer(
    { DATA_DIR: dataDir, ADMIN_TOKEN: BENCH_ADMIN_TOKEN, SUFEL_DEMO: '0' },
    PORT,
  );
  try {
    const { url } = server;
    const issuer = await sampleIssuerToken(url);
    const rssAtStart = await peakRss(server.process.pid!);
    const xml = (await heavyXml(shape)).toString('base64');
    const health = pollHealth(url);
    const publishStarted = performance.now();
    const published = await postJson(`${url}/api/company/documents`, { xml, pdf: '' }, issuer);
    await published.arrayBuffer();
    const publishSeconds = (performance.now() - publishStarted) / 1000;
    const consultation = await postForJson<{ token: string }>(
      `${url}/api/document/auth`,
      heavyProof(shape),
    );
    const pdfStarted = performance.now();
    let pdf: string;
    try {
      const response = await fetch(`${url}/api/document/resource/pdf`, {
        headers: { authorization: `Bearer ${consultation.token}` },
        signal: AbortSignal.timeout(PDF_WAIT_MS),
      });
      await response.arrayBuffer();
      pdf = `${response.status} in ${((performance.now() - pdfStarted) / 1000).toFixed(2)} s`;
    } catch {
      pdf = `no answer in ${PDF_WAIT_MS / 1000} s`;
    }
    const worst = await health.stop();
    const rss = await peakRss(server.process.pid!);
    const worstText =
      worst > HEALTH_TIMEOUT_MS
        ? `> ${HEALTH_TIMEOUT_MS / 1000} s`
        : `${(worst / 1000).toFixed(3)} s`;
    return `| ${shape.name} | ${published.status} in ${publishSeconds.toFixed(2)} s | ${pdf} | ${worstText} | ${(rss / 1024 ** 3).toFixed(2)} GB (${(rssAtStart / 1024 ** 3).toFixed(2)} GB once started) |`;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log('| document | publish | first PDF request | `/health` worst | RSS peak |');
console.log('|---|---|---|---|---|');
for (const shape of HEAVY_SHAPES) console.log(await measure(shape));
