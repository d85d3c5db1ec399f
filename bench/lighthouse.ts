/**
 * Lighthouse mobile performance of the portal's two front doors.
 *
 *   npm run bench:lighthouse
 *
 * Starts the built portal on a fresh embedded database and runs Lighthouse
 * (fetched from the npm registry by npx; it drives Debian's Chromium) with its
 * mobile profile on `/` and `/document/login`, three runs each, printing each
 * score and the median as a ratio to the 95 target and to the baseline: the same
 * audit of a bare HTML page served from this process, the best this machine gives.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer } from './lib/server.js';

const run = promisify(execFile);
const TARGET = 95;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

async function score(url: string, outDir: string, label: string): Promise<number> {
  const output = path.join(outDir, `${label}.json`);
  await run(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      '--preset=perf',
      '--form-factor=mobile',
      '--quiet',
      `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--output=json',
      `--output-path=${output}`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(await readFile(output, 'utf8')) as {
    categories: { performance: { score: number } };
  };
  return Math.round(report.categories.performance.score * 100);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-lighthouse-'));
const outDir = await mkdtemp(path.join(tmpdir(), 'sufel-lighthouse-reports-'));
const server = await startServer({ DATA_DIR: dataDir, SUFEL_DEMO: '0' }, 8192);
const bare = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end('<!doctype html><html lang="es"><title>SUFEL</title><p>SUFEL</p></html>');
});
await new Promise<void>((resolve) => bare.listen(8194, '127.0.0.1', resolve));
try {
  const pages = [
    ['baseline', 'http://127.0.0.1:8194/'],
    ['/', `${server.url}/`],
    ['/document/login', `${server.url}/document/login`],
  ] as const;
  const medians = new Map<string, number>();
  for (const [label, url] of pages) {
    const scores: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      scores.push(await score(url, outDir, `${label.replace(/\W+/g, '_')}-${i}`));
    }
    medians.set(label, median(scores));
    console.info(`${label.padEnd(20)} scores ${scores.join(', ')}  median ${median(scores)}`);
  }
  const baseline = medians.get('baseline')!;
  console.info('\nratios (median):');
  for (const [label] of pages.slice(1)) {
    const value = medians.get(label)!;
    console.info(
      `  ${label.padEnd(18)} ×${(value / TARGET).toFixed(2)} of the ${TARGET} target, ` +
        `×${(value / baseline).toFixed(2)} of the baseline`,
    );
  }
} finally {
  bare.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
}
