/**
 * Reading a 100 000-row SIRE proposal, as a ratio to reading its bytes alone
 * in the same process, and the memory the reading adds.
 *
 *   npm run bench:sire        # BENCH_SIRE_ROWS to change the row count
 *
 * The whole reconciliation of issue 23 must take 100 000 rows in ≤ 15 s with
 * ≤ 300 MB more memory; the proposal is streamed from disk in 64 KB chunks,
 * as the server reads an upload, so parsing must be a small part of that.
 */
import { readProposal } from '@sufel/sire';
import { proposalFileChunks, type ProposalFileOptions } from '@sufel/sire/testing';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { syntheticProposalRows } from './lib/synthetic-proposal.js';

const ROWS = Number(process.env.BENCH_SIRE_ROWS ?? 100_000);
const RECEIVER = '20999999999';
const PERIOD = '202512';
const BUDGET_MS = 15_000;
const BUDGET_MB = 300;
const MB = 1024 * 1024;

async function writeProposal(file: string, options: ProposalFileOptions): Promise<number> {
  const out = createWriteStream(file);
  for (const chunk of proposalFileChunks(syntheticProposalRows(ROWS, RECEIVER, PERIOD), options)) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return (await stat(file)).size;
}

function settle(): number {
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

/** The floor: the same stream of bytes, only counting its lines. */
async function readBytes(file: string): Promise<number> {
  const started = performance.now();
  let lines = 0;
  for await (const chunk of createReadStream(file, {
    highWaterMark: 64 * 1024,
  }) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
  }
  if (lines < ROWS) throw new Error(`only ${lines} lines`);
  return performance.now() - started;
}

async function parse(
  file: string,
): Promise<{ ms: number; peakMb: number; rows: number; errors: number }> {
  const before = settle();
  let peak = before;
  let rows = 0;
  let errors = 0;
  const started = performance.now();
  for await (const entry of readProposal(createReadStream(file, { highWaterMark: 64 * 1024 }))) {
    if (entry.kind === 'row') rows++;
    else errors++;
    if ((rows + errors) % 5000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - before) / MB, rows, errors };
}

async function main(): Promise<void> {
  if (globalThis.gc === undefined)
    console.warn('Run with --expose-gc for steadier memory figures.');
  const dir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-sire-'));
  try {
    const cases: [string, ProposalFileOptions][] = [
      ['CSV, UTF-8, escaped names', { format: 'csv' }],
      ['TXT, Latin-1', { format: 'txt' }],
    ];
    console.log(
      `SIRE proposal of ${ROWS.toLocaleString('en')} rows, streamed from disk in 64 KB chunks\n`,
    );
    console.log(
      'file                        size     read bytes   parse      rows/s     ratio   memory +   of 15 s   of 300 MB',
    );
    for (const [label, options] of cases) {
      const file = path.join(dir, `proposal.${options.format}`);
      const size = await writeProposal(file, options);
      // Best of three of each: the machine is shared.
      let floor = Infinity;
      let run = { ms: Infinity, peakMb: 0 };
      for (let round = 0; round < 3; round++) {
        floor = Math.min(floor, await readBytes(file));
        const parsed = await parse(file);
        if (parsed.rows !== ROWS || parsed.errors !== 0) {
          throw new Error(`read ${parsed.rows} rows, ${parsed.errors} errors`);
        }
        run = { ms: Math.min(run.ms, parsed.ms), peakMb: Math.max(run.peakMb, parsed.peakMb) };
      }
      const rate = ROWS / (run.ms / 1000);
      console.log(
        [
          label.padEnd(26),
          `${(size / MB).toFixed(1)} MB`.padStart(8),
          `${floor.toFixed(0)} ms`.padStart(12),
          `${run.ms.toFixed(0)} ms`.padStart(9),
          Math.round(rate).toLocaleString('en').padStart(10),
          `${(run.ms / floor).toFixed(1)}×`.padStart(8),
          `${run.peakMb.toFixed(1)} MB`.padStart(10),
          `${((run.ms / BUDGET_MS) * 100).toFixed(1)} %`.padStart(9),
          `${((Math.max(run.peakMb, 0) / BUDGET_MB) * 100).toFixed(1)} %`.padStart(11),
        ].join(' '),
      );
    }
    console.log(
      '\nBest of three runs. ratio: parse time / time to stream the same bytes and count their lines.\n' +
        'memory +: largest growth of the resident set while parsing, after a collection.',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
