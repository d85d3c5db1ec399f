import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/types.js';
import type { BlobIndexRepository, BlobLocation } from './blob-index.repository.js';
import {
  BlobNotFoundError,
  distinctFiles,
  FileStoreUnavailableError,
  type FileStore,
  type RemovedFiles,
  type StagedFiles,
  type StoredFile,
} from './file-store.js';

/** Errors of the disk that say "not now" rather than "this is a bug". */
const DISK_FAULTS: Readonly<Record<string, 'disk_full' | 'failed'>> = {
  ENOSPC: 'disk_full',
  EDQUOT: 'disk_full',
  EROFS: 'failed',
  EIO: 'failed',
  EACCES: 'failed',
  EPERM: 'failed',
};

function asDiskFault(error: unknown): unknown {
  const fault = DISK_FAULTS[(error as NodeJS.ErrnoException).code ?? ''];
  return fault === undefined ? error : new FileStoreUnavailableError(fault, { cause: error });
}

/**
 * The `local` file driver: content-addressed files (XML, PDF, CDR) in pack
 * files under `packs/YYYY/MM/`. The files of one write go into one pack:
 * written under a temporary name, flushed, renamed into place and its
 * directory flushed; only then are their locations recorded in the database
 * index, in the transaction of the rows that refer to them. So a batch costs
 * two disk flushes whatever its size, and a crash leaves at worst an
 * unreferenced temporary file (removed at a later start) or pack, never an
 * index entry without bytes.
 */
export class LocalFileStore implements FileStore {
  readonly driver = 'local';
  /** Pack directories already made, so writes skip a mkdir. */
  private readonly knownDirs = new Set<string>();

  private constructor(
    private readonly root: string,
    private readonly tmpDir: string,
    private readonly index: BlobIndexRepository,
    private readonly now: () => Date,
  ) {}

  static async open(
    root: string,
    index: BlobIndexRepository,
    now: () => Date = () => new Date(),
  ): Promise<LocalFileStore> {
    const absolute = path.resolve(root);
    const tmpDir = path.join(absolute, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    await removeStaleTemporaries(tmpDir);
    return new LocalFileStore(absolute, tmpDir, index, now);
  }

  /** Writes the files not stored yet into one flushed pack; storing known bytes again is a no-op. */
  async stage(files: readonly Uint8Array[]): Promise<StagedFiles> {
    const { hashes, distinct } = distinctFiles(files);
    const known = await this.index.find([...distinct.keys()]);
    const missing = [...distinct].filter(([hash]) => !known.has(hash));
    const entries: ({ hash: string } & BlobLocation)[] = [];
    if (missing.length > 0) {
      const pack = this.newPackName();
      let position = 0;
      for (const [hash, bytes] of missing) {
        entries.push({ hash, pack, position, size: bytes.length });
        position += bytes.length;
      }
      await this.writePack(
        pack,
        missing.map(([, bytes]) => bytes),
      ).catch((error: unknown) => {
        throw asDiskFault(error);
      });
    }
    return { hashes, record: (trx) => this.index.record(entries, trx) };
  }

  async read(hash: string): Promise<Uint8Array> {
    const location = await this.locate(hash);
    const handle = await open(path.join(this.root, location.pack), 'r');
    try {
      const bytes = Buffer.alloc(location.size);
      const { bytesRead } = await handle.read(bytes, 0, location.size, location.position);
      if (bytesRead !== location.size)
        throw new Error(`Pack ${location.pack} is shorter than its index says`);
      return bytes;
    } finally {
      await handle.close();
    }
  }

  async open(hash: string): Promise<StoredFile> {
    const location = await this.locate(hash);
    const file = path.join(this.root, location.pack);
    // Opening before answering turns a missing pack into an error here, not in mid-download.
    const handle = await open(file, 'r');
    const body = createReadStream('', {
      fd: handle,
      start: location.position,
      end: location.position + location.size - 1,
    });
    return { size: location.size, body };
  }

  async has(hash: string): Promise<boolean> {
    return (await this.index.find([hash])).has(hash);
  }

  /**
   * Files leave the index in `trx`; a pack is deleted once none of its files
   * is indexed. A pack that still holds other files keeps the removed bytes,
   * unreachable, until its last file goes.
   */
  async remove(hashes: readonly string[], trx: Kysely<Database>): Promise<RemovedFiles> {
    const emptied = await this.index.remove(hashes, trx);
    return {
      after: async () => {
        for (const pack of emptied) await rm(path.join(this.root, pack), { force: true });
      },
    };
  }

  /** Ready when a file can be created in the store's directory. */
  async check(): Promise<void> {
    const probe = path.join(this.tmpDir, `ready-${randomBytes(6).toString('hex')}`);
    try {
      const handle = await open(probe, 'wx', 0o640);
      await handle.close();
      await rm(probe, { force: true });
    } catch (error) {
      throw asDiskFault(error);
    }
  }

  private async locate(hash: string): Promise<BlobLocation> {
    const location = (await this.index.find([hash])).get(hash);
    if (location === undefined) throw new BlobNotFoundError(hash);
    return location;
  }

  private newPackName(): string {
    const now = this.now();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const name = `${now.getTime()}-${randomBytes(6).toString('hex')}.pack`;
    return path.join('packs', String(now.getUTCFullYear()), month, name);
  }

  private async writePack(pack: string, contents: readonly Uint8Array[]): Promise<void> {
    const target = path.join(this.root, pack);
    const temp = path.join(this.tmpDir, path.basename(pack));
    const handle = await open(temp, 'wx', 0o640);
    try {
      await handle.writev(
        contents.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)),
      );
      await handle.datasync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    const dir = path.dirname(target);
    try {
      if (!this.knownDirs.has(dir)) {
        await mkdir(dir, { recursive: true });
        this.knownDirs.add(dir);
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(dir);
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Temporary files left by a crash an hour or more ago; newer ones may belong to a running writer. */
async function removeStaleTemporaries(tmpDir: string): Promise<void> {
  const limit = Date.now() - 60 * 60 * 1000;
  for (const name of await readdir(tmpDir)) {
    const file = path.join(tmpDir, name);
    if ((await stat(file)).mtimeMs < limit) await rm(file, { force: true });
  }
}
