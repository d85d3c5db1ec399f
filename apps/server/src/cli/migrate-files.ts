import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { FileHashesRepository } from '../file-store/file-hashes.repository.js';
import { sha256Hex, storeFiles, type FileStore } from '../file-store/file-store.js';

export interface MigrationSummary {
  total: number;
  copied: number;
  alreadyThere: number;
  /** Hashes whose bytes did not match, in the source or once copied. */
  failed: { hash: string; reason: string }[];
}

export interface MigrationProgress {
  start(total: number): void;
  file(failed: boolean): void;
}

const PAGE = 200;
const PARALLEL = 4;

/**
 * Copies every file the documents refer to from one store to another,
 * checking the SHA-256 of what was read and of what the target then holds.
 * Files already in the target are skipped, so an interrupted run simply
 * resumes when started again.
 */
export async function migrateFiles(
  db: Kysely<Database>,
  from: FileStore,
  to: FileStore,
  progress: MigrationProgress = { start: () => {}, file: () => {} },
): Promise<MigrationSummary> {
  const hashes = new FileHashesRepository(db);
  const summary: MigrationSummary = {
    total: await hashes.count(),
    copied: 0,
    alreadyThere: 0,
    failed: [],
  };
  progress.start(summary.total);
  const copy = async (hash: string) => {
    if (await to.has(hash)) {
      summary.alreadyThere += 1;
      return;
    }
    const bytes = await from.read(hash);
    if (sha256Hex(bytes) !== hash) throw new Error('el archivo de origen no coincide con su hash');
    await storeFiles(to, db, [bytes]);
    if (sha256Hex(await to.read(hash)) !== hash) {
      throw new Error('la copia no coincide con su hash');
    }
    summary.copied += 1;
  };
  for (let page = await hashes.page('', PAGE); page.length > 0;) {
    const pending = [...page];
    const worker = async () => {
      for (let hash = pending.shift(); hash !== undefined; hash = pending.shift()) {
        try {
          await copy(hash);
          progress.file(false);
        } catch (error) {
          summary.failed.push({ hash, reason: (error as Error).message });
          progress.file(true);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    page = await hashes.page(page.at(-1)!, PAGE);
  }
  return summary;
}
