import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The web app imports `@sufel/ubl/identifiers` and `@sufel/ubl/qr`: nothing
 * they load, directly or through other modules, may need Node or the XML and
 * ZIP libraries of the server side.
 */

const SOURCE_DIR = new URL('./', import.meta.url);
const IMPORT = /^\s*import\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm;

/** Every module loaded at run time from `entry`, following relative imports. */
function runtimeImports(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const source = readFileSync(new URL(entry, SOURCE_DIR), 'utf-8');
  for (const [, typeOnly, specifier] of source.matchAll(IMPORT)) {
    if (typeOnly !== undefined || specifier === undefined) continue;
    if (specifier.startsWith('./'))
      runtimeImports(specifier.slice(2).replace(/\.js$/, '.ts'), seen);
    else seen.add(specifier);
  }
  return seen;
}

describe.each(['qr.ts', 'identifiers.ts'])('%s', (entry) => {
  it('loads only pure modules of this package', () => {
    const imports = [...runtimeImports(entry)];
    expect(imports.filter((name) => !name.endsWith('.ts'))).toEqual([]);
  });
});

it('sees through to the imports of imported modules', () => {
  expect(runtimeImports('parse-cdr.ts')).toContain('fflate');
  expect(runtimeImports('parse-ubl-document.ts')).toContain('saxes');
});
