// Builds each workspace whose output is missing or older than its sources, in
// dependency order, so `npm start` and `npm run sufel` work on a fresh clone
// and after edits without a manual build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

const WORKSPACES = [
  {
    name: '@sufel/contract',
    dir: 'packages/contract',
    output: 'dist/index.js',
    sources: ['src'],
    deps: [],
  },
  { name: '@sufel/ubl', dir: 'packages/ubl', output: 'dist/index.js', sources: ['src'], deps: [] },
  {
    name: '@sufel/sire',
    dir: 'packages/sire',
    output: 'dist/index.js',
    sources: ['src'],
    deps: ['@sufel/ubl'],
  },
  {
    name: '@sufel/password-strength',
    dir: 'packages/password-strength',
    output: 'dist/index.js',
    sources: ['src'],
    deps: [],
  },
  {
    name: '@sufel/print',
    dir: 'packages/print',
    output: 'dist/index.js',
    sources: ['src'],
    deps: ['@sufel/contract', '@sufel/ubl'],
  },
  {
    name: '@sufel/server',
    dir: 'apps/server',
    output: 'dist/main.js',
    sources: ['src'],
    deps: [
      '@sufel/contract',
      '@sufel/ubl',
      '@sufel/sire',
      '@sufel/print',
      '@sufel/password-strength',
    ],
  },
  {
    name: '@sufel/web',
    dir: 'apps/web',
    output: 'dist/index.html',
    sources: ['src', 'public', 'index.html', 'vite.config.ts'],
    // The web build bundles the packages' sources, so their edits rebuild it too.
    deps: ['@sufel/contract', '@sufel/ubl', '@sufel/password-strength'],
    extraSources: [
      '../../packages/contract/src',
      '../../packages/ubl/src',
      '../../packages/password-strength/src',
    ],
  },
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIfNeeded({ only } = {}) {
  const rebuilt = new Set();
  for (const workspace of WORKSPACES) {
    if (only && !only.includes(workspace.name)) continue;
    const dir = path.join(root, workspace.dir);
    const output = path.join(dir, workspace.output);
    const built = existsSync(output) ? statSync(output).mtimeMs : 0;
    const sources = [...workspace.sources, ...(workspace.extraSources ?? [])];
    const changed = Math.max(...sources.map((source) => newestMtime(path.join(dir, source))));
    const dependencyRebuilt = workspace.deps.some((dep) => rebuilt.has(dep));
    if (built > 0 && changed <= built && !dependencyRebuilt) continue;
    console.info(`Building ${workspace.name}…`);
    const result = spawnSync('npm', ['run', 'build', '--workspace', workspace.name], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error(`Build of ${workspace.name} failed.`);
      process.exit(result.status ?? 1);
    }
    rebuilt.add(workspace.name);
  }
}

// Run directly: `node scripts/build-if-needed.mjs [workspace…]`.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.slice(2);
  buildIfNeeded(only.length > 0 ? { only } : {});
}
