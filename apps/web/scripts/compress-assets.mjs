// Writes brotli and gzip siblings (.br, .gz) of the built text assets, so the
// server sends them precompressed at the best level instead of compressing on
// every request. Run after `vite build`: node scripts/compress-assets.mjs [distDir]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

const dist = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '../../dist'));

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Dot folders (the build manifest, the server's prerender) are never served.
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.has(extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const bytes = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.info(`Precompressed ${count} assets (.br, .gz) in ${dist}`);
