import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BlobIndexRepository, BlobLocation } from './blob-index.repository.js';

/** The stored file a hash names does not exist. */
export class BlobNotFoundError extends Error {
  constructor(readonly hash: string) {
    super(`No stored file has hash ${hash}`);
    this.name = 'BlobNotFoundError';
  }
}

/**
 * Content-addressed files (XML, PDF, CDR), named by their SHA-256. The files of
 * one write go into one pack file under `packs/YYYY/MM/`: written under a
 * temporary name, flushed, renamed into place and its directory flushed; only
 * then are their locations recorded in the database index. So a batch costs
 * two disk flushes whatever its size, once `putMany` resolves the bytes survive
 * a crash, and a crash before that leaves at worst an unreferenced temporary
 * file (removed at a later start) or pack, never an index entry without bytes.
 */
export class BlobStore {
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
  ): Promise<BlobStore> {
    const absolute = path.resolve(root);
    const tmpDir = path.join(absolute, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    await removeStaleTemporaries(tmpDir);
    return new BlobStore(absolute, tmpDir, index, now);
  }

  static hashOf(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
  }

  /** Stores the bytes durably and answers their hash; storing the same bytes again is a no-op. */
  async put(bytes: Uint8Array): Promise<string> {
    const [hash] = await this.putMany([bytes]);
    return hash!;
  }

  /** Stores many files in one pack and answers their hashes in the order given. */
  async putMany(files: readonly Uint8Array[]): Promise<string[]> {
    const hashes = files.map((bytes) => BlobStore.hashOf(bytes));
    const distinct = new Map<string, Uint8Array>();
    for (const [index, hash] of hashes.entries()) distinct.set(hash, files[index]!);
    const known = await this.index.find([...distinct.keys()]);
    const missing = [...distinct].filter(([hash]) => !known.has(hash));
    if (missing.length === 0) return hashes;

    const pack = this.newPackName();
    const entries: ({ hash: string } & BlobLocation)[] = [];
    let position = 0;
    for (const [hash, bytes] of missing) {
      entries.push({ hash, pack, position, size: bytes.length });
      position += bytes.length;
    }
    await this.writePack(
      pack,
      missing.map(([, bytes]) => bytes),
    );
    await this.index.record(entries);
    return hashes;
  }

  async get(hash: string): Promise<Uint8Array> {
    const location = (await this.index.find([hash])).get(hash);
    if (location === undefined) throw new BlobNotFoundError(hash);
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

  async has(hash: string): Promise<boolean> {
    return (await this.index.find([hash])).has(hash);
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
    } finally {
      await handle.close();
    }
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
