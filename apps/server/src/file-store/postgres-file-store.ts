import { sql, type Kysely } from 'kysely';
import { Readable } from 'node:stream';
import type { Database } from '../db/types.js';
import {
  BlobNotFoundError,
  distinctFiles,
  FileStoreUnavailableError,
  type FileStore,
  type RemovedFiles,
  type StagedFiles,
  type StoredFile,
} from './file-store.js';

/** Bytes per round trip when streaming a file out of the database. */
const CHUNK = 512 * 1024;

/** PostgreSQL's "insufficient resources" class (disk full, out of memory, too many connections). */
function asResourceFault(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('53')) return error;
  return new FileStoreUnavailableError(code === '53100' ? 'disk_full' : 'failed', {
    cause: error,
  });
}

/**
 * The `postgres` file driver: each file is a row keyed by its SHA-256, written
 * in the same transaction as the document rows, so N instances need nothing
 * but the database and a backup of it holds everything.
 */
export class PostgresFileStore implements FileStore {
  readonly driver = 'postgres';

  constructor(private readonly db: Kysely<Database>) {}

  stage(files: readonly Uint8Array[]): Promise<StagedFiles> {
    const { hashes, distinct } = distinctFiles(files);
    const rows = [...distinct].map(([hash, content]) => ({ hash, size: content.length, content }));
    return Promise.resolve({
      hashes,
      record: async (trx) => {
        if (rows.length === 0) return;
        await trx
          .insertInto('file_contents')
          .values(rows)
          .onConflict((oc) => oc.column('hash').doNothing())
          .execute()
          .catch((error: unknown) => {
            throw asResourceFault(error);
          });
      },
    });
  }

  async read(hash: string): Promise<Uint8Array> {
    const row = await this.db
      .selectFrom('file_contents')
      .select('content')
      .where('hash', '=', hash)
      .executeTakeFirst();
    if (row === undefined) throw new BlobNotFoundError(hash);
    return row.content;
  }

  /** The first chunk comes with the size, so a small file costs one query; a large one streams. */
  async open(hash: string): Promise<StoredFile> {
    const first = await this.db
      .selectFrom('file_contents')
      .select(['size', sql<Uint8Array>`substring(content from 1 for ${CHUNK})`.as('head')])
      .where('hash', '=', hash)
      .executeTakeFirst();
    if (first === undefined) throw new BlobNotFoundError(hash);
    const { size, head } = first;
    const db = this.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      yield Buffer.from(head.buffer, head.byteOffset, head.length);
      for (let offset = CHUNK; offset < size; offset += CHUNK) {
        const row = await db
          .selectFrom('file_contents')
          .select(sql<Uint8Array>`substring(content from ${offset + 1} for ${CHUNK})`.as('part'))
          .where('hash', '=', hash)
          .executeTakeFirstOrThrow();
        yield Buffer.from(row.part.buffer, row.part.byteOffset, row.part.length);
      }
    }
    return { size, body: Readable.from(chunks()) };
  }

  async has(hash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('file_contents')
      .select('hash')
      .where('hash', '=', hash)
      .executeTakeFirst();
    return row !== undefined;
  }

  async remove(hashes: readonly string[], trx: Kysely<Database>): Promise<RemovedFiles> {
    if (hashes.length > 0) {
      await trx
        .deleteFrom('file_contents')
        .where('hash', 'in', [...hashes])
        .execute();
    }
    return { after: () => Promise.resolve() };
  }

  async check(): Promise<void> {
    await sql`select 1 from file_contents limit 1`.execute(this.db);
  }
}
