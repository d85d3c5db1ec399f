import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../db/types.js';
import { AppError } from '../errors.js';

export const FILE_DRIVERS = ['local', 'postgres', 's3'] as const;
export type FileDriver = (typeof FILE_DRIVERS)[number];

/** One stored file on its way out: its size and its bytes as a stream. */
export interface StoredFile {
  size: number;
  body: Readable;
}

/**
 * Files made safe outside the database, waiting for the transaction that
 * stores the rows referring to them; `record` runs inside that transaction.
 */
export interface StagedFiles {
  /** The SHA-256 of each file, in the order given. */
  readonly hashes: readonly string[];
  record(trx: Kysely<Database>): Promise<void>;
}

/** Files removed in a transaction; `after` deletes what lies outside the database once it committed. */
export interface RemovedFiles {
  after(): Promise<void>;
}

/**
 * Where XML, PDF and CDR files live, addressed by their SHA-256. Storing is
 * two steps so that no row can commit without its files: `stage` makes the
 * bytes durable wherever the driver keeps them (pack file, object store), then
 * `record` runs in the transaction of the rows. A document and its files commit
 * or vanish together.
 */
export interface FileStore {
  readonly driver: FileDriver;
  stage(files: readonly Uint8Array[]): Promise<StagedFiles>;
  /** The whole file, for the few readers that parse it. */
  read(hash: string): Promise<Uint8Array>;
  /** The file as a stream, for downloads. */
  open(hash: string): Promise<StoredFile>;
  has(hash: string): Promise<boolean>;
  /**
   * Deletes files no row refers to any more (the caller made sure): what the
   * database keeps of them goes in `trx`, bytes kept elsewhere go by `after`,
   * once that transaction committed, so no row is ever left without its file.
   */
  remove(hashes: readonly string[], trx: Kysely<Database>): Promise<RemovedFiles>;
  /** Throws when the store cannot serve right now (readiness). */
  check(): Promise<void>;
}

/** The stored file a hash names does not exist. */
export class BlobNotFoundError extends Error {
  constructor(readonly hash: string) {
    super(`No stored file has hash ${hash}`);
    this.name = 'BlobNotFoundError';
  }
}

export type FileStoreFault = 'unreachable' | 'credentials' | 'bucket' | 'disk_full' | 'failed';

/** Seconds a client should wait: a network blip passes quickly, a configuration fix takes longer. */
const RETRY_AFTER: Readonly<Record<FileStoreFault, number>> = {
  unreachable: 30,
  failed: 30,
  disk_full: 300,
  credentials: 300,
  bucket: 300,
};

/**
 * The file store could not do its part. The client learns only that the
 * service is momentarily unable to keep files (the cause is for the log), and
 * that nothing was stored.
 */
export class FileStoreUnavailableError extends AppError {
  constructor(
    readonly fault: FileStoreFault,
    options: { cause: unknown },
  ) {
    super('unavailable', 'fileStoreUnavailable', { 'retry-after': String(RETRY_AFTER[fault]) });
    this.cause = options.cause;
  }
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A file already in memory, served as a stream like any other. */
export function storedFileOf(bytes: Uint8Array): StoredFile {
  return {
    size: bytes.length,
    body: Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)]),
  };
}

/** The distinct files of a batch, by hash, and the hash of each file in order. */
export function distinctFiles(files: readonly Uint8Array[]): {
  hashes: string[];
  distinct: Map<string, Uint8Array>;
} {
  const hashes = files.map((bytes) => sha256Hex(bytes));
  const distinct = new Map<string, Uint8Array>();
  for (const [index, hash] of hashes.entries()) distinct.set(hash, files[index]!);
  return { hashes, distinct };
}

/** Stores files on their own, for writes that have no rows of their own to wait for. */
export async function storeFiles(
  store: FileStore,
  db: Kysely<Database>,
  files: readonly Uint8Array[],
): Promise<readonly string[]> {
  const staged = await store.stage(files);
  await db.transaction().execute((trx) => staged.record(trx));
  return staged.hashes;
}
