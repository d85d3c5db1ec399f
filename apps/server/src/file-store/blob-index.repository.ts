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

  /** Drops these files from the index (in `db`'s transaction); answers the packs left holding none. */
  async remove(hashes: readonly string[], db: Kysely<Database>): Promise<string[]> {
    if (hashes.length === 0) return [];
    const removed = await db
      .deleteFrom('blobs')
      .where('hash', 'in', [...hashes])
      .returning('pack')
      .execute();
    const packs = [...new Set(removed.map((row) => row.pack))];
    if (packs.length === 0) return [];
    const kept = await db
      .selectFrom('blobs')
      .select('pack')
      .distinct()
      .where('pack', 'in', packs)
      .execute();
    const keptPacks = new Set(kept.map((row) => row.pack));
    return packs.filter((pack) => !keptPacks.has(pack));
  }
}
