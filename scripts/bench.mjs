// `npm run bench` lists the benchmarks in bench/ with the first line of their
// description; `npm run bench -- <name> [args…]` builds what the benchmark
// needs and runs it. A benchmark is any bench/<name>.ts, so a new one is
// listed and runnable without touching package.json.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');

// Benchmarks that drive the web front end need its build; the rest only the server's.
const NEEDS_WEB = new Set(['lighthouse']);
const SERVER_WORKSPACES = [
  '@sufel/contract',
  '@sufel/ubl',
  '@sufel/sire',
  '@sufel/password-strength',
  '@sufel/print',
  '@sufel/server',
];

/** The first sentence of a benchmark's leading doc comment. */
function summaryOf(source) {
  const comment = /\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  const lines = comment.split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim());
  const paragraph = [];
  for (const line of lines) {
    if (line === '' && paragraph.length > 0) break;
    if (line !== '') paragraph.push(line);
  }
  const text = paragraph.join(' ');
  const end = text.search(/[.](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

function benchmarks() {
  return readdirSync(benchDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const source = readFileSync(path.join(benchDir, file), 'utf8');
      return { name: file.slice(0, -'.ts'.length), file, summary: summaryOf(source) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

const [name, ...args] = process.argv.slice(2);
const all = benchmarks();

if (name === undefined || name === '--help' || name === '-h') {
  console.info('npm run bench -- <name> [args…]\n');
  const width = Math.max(...all.map((bench) => bench.name.length));
  for (const bench of all) console.info(`  ${bench.name.padEnd(width)}  ${bench.summary}`);
  process.exit(0);
}

const bench = all.find((candidate) => candidate.name === name);
if (bench === undefined) {
  console.error(`No benchmark named "${name}". \`npm run bench\` lists them.`);
  process.exit(2);
}

buildIfNeeded(NEEDS_WEB.has(bench.name) ? {} : { only: SERVER_WORKSPACES });
const result = spawnSync(
  process.execPath,
  [
    '--expose-gc',
    '--import',
    'tsx',
    '--conditions=sufel-source',
    path.join(benchDir, bench.file),
    ...args,
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
