import { readdirSync, readFileSync } from 'node:fs';

/** Real documents collected from public projects; MANIFEST.tsv says what each one is. */
export const FIXTURES_DIR = new URL('./fixtures/', import.meta.url);

export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES_DIR)));
}

/** A fixture as text, for tests that edit it; bytes go through the Latin-1 decoder unchanged. */
export function fixtureLatin1(name: string): string {
  return new TextDecoder('latin1').decode(fixtureBytes(name));
}

export function fixtureText(name: string): string {
  return new TextDecoder('utf-8').decode(fixtureBytes(name));
}

/** Text back to bytes one byte per character, the inverse of fixtureLatin1 for Latin-1 text. */
export function latin1Bytes(text: string): Uint8Array {
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

export function fixtureFileNames(): string[] {
  return readdirSync(FIXTURES_DIR).filter(
    (name) => !name.startsWith('.') && name !== 'MANIFEST.tsv',
  );
}

export type ManifestRow = Readonly<Record<string, string>>;

/** One TSV field: quoted fields may hold tabs and double their quotes. */
function unquote(field: string): string {
  return field.startsWith('"') && field.endsWith('"')
    ? field.slice(1, -1).replace(/""/g, '"')
    : field;
}

export function readManifest(): ManifestRow[] {
  const [header, ...rows] = readFileSync(new URL('MANIFEST.tsv', FIXTURES_DIR), 'utf-8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const columns = header!.split('\t');
  return rows.map((line) => {
    const fields = line.split('\t').map(unquote);
    return Object.fromEntries(columns.map((column, index) => [column, fields[index] ?? '']));
  });
}
