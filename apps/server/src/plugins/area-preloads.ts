/**
 * The page a deep link opens on names the code of its area (the consultation,
 * the receiver's area) with `<link rel="modulepreload">`, so the browser
 * fetches it beside the entry script instead of after that script has run.
 * What each area needs is read from the Vite manifest of the build.
 * @see https://vite.dev/guide/backend-integration
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type WebManifest = Readonly<Record<string, ManifestChunk>>;

/** Which lazy area (by its chunk's name in the web build) a path opens on. */
const AREAS: readonly (readonly [RegExp, string])[] = [
  [/^\/document(\/|\?|$)/, 'document-area'],
  [/^\/client(\/|\?|$)/, 'client-area'],
];

export function areaOfPath(url: string): string | null {
  return AREAS.find(([pattern]) => pattern.test(url))?.[1] ?? null;
}

/** The build's manifest, or null when the build has none (then nothing is preloaded). */
export async function readWebManifest(webDir: string): Promise<WebManifest | null> {
  try {
    const text = await readFile(path.join(webDir, '.vite', 'manifest.json'), 'utf8');
    return JSON.parse(text) as WebManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function filesOf(manifest: WebManifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
  return into;
}

/** `<link>` tags for what `area` loads beyond the entry's own files. */
export function areaPreloadTags(manifest: WebManifest, area: string): string {
  const keys = Object.keys(manifest);
  const entry = keys.find((key) => manifest[key]?.isEntry);
  const areaKey = keys.find(
    (key) => manifest[key]?.isDynamicEntry === true && manifest[key]?.name === area,
  );
  if (entry === undefined || areaKey === undefined) return '';
  const loaded = filesOf(manifest, entry);
  return (
    [...filesOf(manifest, areaKey)]
      .filter((file) => !loaded.has(file))
      // Vite requests these in CORS mode; a preload in another mode is fetched twice.
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="preload" crossorigin href="/${file}" as="style">`
          : `<link rel="modulepreload" crossorigin href="/${file}">`,
      )
      .join('')
  );
}
