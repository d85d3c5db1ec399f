import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Where one stored file's bytes are: a pack file and a byte range in it. */
export interface BlobLocation {
  pack: string;
  position: number;
  size: number;
}

/** The index from content hash to location, kept in the database. */
export class BlobIndexRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(hashes: readonly string[]): Promise<Map<string, BlobLocation>> {
    const found = new Map<string, BlobLocation>();
    if (hashes.length === 0) return found;
    const rows = await this.db
      .selectFrom('blobs')
      .select(['hash', 'pack', 'position', 'size'])
      .where('hash', 'in', [...hashes])
      .execute();
    for (const row of rows) {
      found.set(row.hash, { pack: row.pack, position: Number(row.position), size: row.size });
    }
    return found;
  }

  /** Records locations (in the caller's transaction); a hash already recorded keeps its first location. */
  async record(
    entries: readonly ({ hash: string } & BlobLocation)[],
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    if (entries.length === 0) return;
    await db
      .insertInto('blobs')
      .values(entries.map(({ hash, pack, position, size }) => ({ hash, pack, position, size })))
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute();
  }
}
