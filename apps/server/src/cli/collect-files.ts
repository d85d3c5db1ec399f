import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** One document to publish: its XML and, when found beside it, its PDF and CDR. */
export interface DocumentFiles {
  xml: string;
  pdf: string | null;
  cdr: string | null;
}

/** SUNAT names a CDR after its document with an R- prefix ("R-<name>.zip"). */
const CDR_NAME = /^R-?\d/i;

/** Every file in a folder and its subfolders. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full);
      return Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

function findSibling(siblings: Map<string, string>, candidates: string[]): string | null {
  for (const candidate of candidates) {
    const found = siblings.get(candidate.toLowerCase());
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * The documents named on the command line: XML files, or folders searched
 * recursively. A same-named .pdf becomes its PDF; R-<name>.zip or R-<name>.xml
 * its CDR. Sorted by path so runs are repeatable.
 */
export async function collectDocumentFiles(inputs: string[]): Promise<DocumentFiles[]> {
  const files = new Set<string>();
  for (const input of inputs) {
    const info = await stat(input);
    if (info.isDirectory())
      for (const file of await filesUnder(input)) files.add(path.resolve(file));
    else files.add(path.resolve(input));
  }
  // Folder → lower-cased file name → path: names are matched case-insensitively.
  const byDir = new Map<string, Map<string, string>>();
  for (const file of files) {
    const dir = path.dirname(file);
    const names = byDir.get(dir) ?? new Map<string, string>();
    names.set(path.basename(file).toLowerCase(), file);
    byDir.set(dir, names);
  }
  const documents: DocumentFiles[] = [];
  for (const file of [...files].sort()) {
    const base = path.basename(file);
    if (!/\.xml$/i.test(base) || CDR_NAME.test(base)) continue;
    const dir = path.dirname(file);
    const stem = base.replace(/\.xml$/i, '');
    const siblings = byDir.get(dir) ?? new Map<string, string>();
    documents.push({
      xml: file,
      pdf: findSibling(siblings, [`${stem}.pdf`]),
      cdr: findSibling(siblings, [`R-${stem}.zip`, `R-${stem}.xml`, `R${stem}.zip`]),
    });
  }
  return documents;
}
