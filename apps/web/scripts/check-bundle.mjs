// Measures what the built portal makes a browser download (gzip) and fails when
// the home page's first load, or the consultation form's, outgrows its budget.
// Run after `vite build`: node scripts/check-bundle.mjs [distDir]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const BUDGETS = {
  // The hard limit of a first load (JS + CSS, gzip), whichever door a visitor
  // comes in by: the home page, or the consultation form a printed QR leads to.
  home: 100 * KB,
  documentLogin: 100 * KB,
};
// What must never reach the first load: it belongs to the lazy areas.
const FORBIDDEN_IN_FIRST_LOAD = [
  'node_modules/@mui/',
  'node_modules/@emotion/',
  'node_modules/zod/',
  'node_modules/@tanstack/',
  'node_modules/date-fns/',
  'src/i18n/en.ts',
];
const CONFIG_MARKER = '<!--sufel-config-->';

const dist = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '../../dist'));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipCache = new Map();
const gzipSize = (file) => {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  }
  return gzipCache.get(file);
};

/** Files a chunk loads before it runs: itself, its static imports and their CSS. */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const firstLoad = staticClosure(entryKey);
const failures = [];

console.info('First load of / (gzip):');
for (const file of firstLoad) console.info(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
const homeSize = total(firstLoad);
console.info(`  ${kb(homeSize).padStart(9)}  total (budget ${kb(BUDGETS.home)})`);
if (homeSize > BUDGETS.home) failures.push(`the home page loads ${kb(homeSize)}`);

console.info('\nLazy chunks (gzip, own JS + CSS; + what they add to the first load):');
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const own = total([chunk.file, ...(chunk.css ?? [])]);
  const added = total([...staticClosure(key)].filter((file) => !firstLoad.has(file)));
  console.info(`  ${kb(own).padStart(9)}  +${kb(added).padStart(9)}  ${key}`);
}

const loginKey = Object.keys(manifest).find(
  (key) => manifest[key].isDynamicEntry && manifest[key].name === 'document-area',
);
const loginSize = total(new Set([...firstLoad, ...staticClosure(loginKey)]));
console.info(
  `\n/document/login before any interaction: ${kb(loginSize)} (budget ${kb(BUDGETS.documentLogin)})`,
);
if (loginSize > BUDGETS.documentLogin) failures.push(`/document/login loads ${kb(loginSize)}`);

for (const file of firstLoad) {
  if (!file.endsWith('.js')) continue;
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  for (const source of map.sources) {
    const banned = FORBIDDEN_IN_FIRST_LOAD.find((name) => source.includes(name));
    if (banned) failures.push(`${banned} is in the first load (${source})`);
  }
}

if (!readFileSync(join(dist, 'index.html'), 'utf8').includes(CONFIG_MARKER)) {
  failures.push(`index.html lost the ${CONFIG_MARKER} marker the server replaces`);
}

if (failures.length > 0) {
  console.error(`\nBundle check failed:\n- ${[...new Set(failures)].join('\n- ')}`);
  process.exit(1);
}
console.info('\nBundle check passed.');
