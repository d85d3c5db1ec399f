import { sql, type Kysely, type Selectable } from 'kysely';
import type { BackgroundExportsTable, Database } from '../../db/types.js';

export type BackgroundExportRow = Selectable<BackgroundExportsTable>;

/** Background exports a receiver sees, newest first. */
const LISTED = 20;

/** The rows of ZIP exports built by a job, and the parts each has so far. */
export class BackgroundExportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(
    db: Kysely<Database>,
    values: {
      receiverRuc: string;
      filter: Record<string, unknown>;
      fileName: string;
      documents: number;
    },
  ): Promise<number> {
    const row = await db
      .insertInto('background_exports')
      .values({
        receiver_ruc: values.receiverRuc,
        filter: JSON.stringify(values.filter),
        file_name: values.fileName,
        documents: values.documents,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  find(id: number): Promise<BackgroundExportRow | undefined> {
    return this.db
      .selectFrom('background_exports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findOf(receiverRuc: string, id: number): Promise<BackgroundExportRow | undefined> {
    return this.db
      .selectFrom('background_exports')
      .selectAll()
      .where('id', '=', id)
      .where('receiver_ruc', '=', receiverRuc)
      .executeTakeFirst();
  }

  listOf(receiverRuc: string): Promise<BackgroundExportRow[]> {
    return this.db
      .selectFrom('background_exports')
      .selectAll()
      .where('receiver_ruc', '=', receiverRuc)
      .orderBy('id', 'desc')
      .limit(LISTED)
      .execute();
  }

  async preparingOf(receiverRuc: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('background_exports')
      .select('id')
      .where('receiver_ruc', '=', receiverRuc)
      .where('state', '=', 'preparing')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Starts the ZIP over: answers the parts an earlier run left, now dropped from the row. */
  async restart(db: Kysely<Database>, id: number): Promise<string[]> {
    const row = await db
      .selectFrom('background_exports')
      .select('parts')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    await db
      .updateTable('background_exports')
      .set({ parts: [], size: 0, done: 0 })
      .where('id', '=', id)
      .execute();
    return row?.parts ?? [];
  }

  async addPart(
    db: Kysely<Database>,
    id: number,
    part: { hash: string; bytes: number; done: number },
  ): Promise<void> {
    await db
      .updateTable('background_exports')
      .set({
        parts: sql<string[]>`array_append(parts, ${part.hash})`,
        size: sql<number>`size + ${part.bytes}`,
        done: part.done,
      })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: number, at: Date, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('background_exports')
      .set({ state: 'ready', finished_at: at, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  /** A failed export keeps no parts; answers those it had, for the caller to remove. */
  async fail(
    db: Kysely<Database>,
    id: number,
    failure: string,
    at: Date,
    expiresAt: Date,
  ): Promise<string[]> {
    const parts = await this.restart(db, id);
    await db
      .updateTable('background_exports')
      .set({ state: 'failed', failure, finished_at: at, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
    return parts;
  }

  /** Those of `hashes` no export refers to (two exports may hold a part with the same bytes). */
  async unreferenced(db: Kysely<Database>, hashes: readonly string[]): Promise<string[]> {
    if (hashes.length === 0) return [];
    const { rows } = await sql<{ hash: string }>`
      select distinct hash from unnest(${[...hashes]}::text[]) as hash
      where not exists (select 1 from background_exports where hash = any(parts))`.execute(db);
    return rows.map((row) => row.hash);
  }

  /** Deletes up to `limit` exports whose time is up; answers the parts they had. */
  async deleteExpired(db: Kysely<Database>, at: Date, limit: number): Promise<string[]> {
    const rows = await db
      .deleteFrom('background_exports')
      .where(
        'id',
        'in',
        db.selectFrom('background_exports').select('id').where('expires_at', '<=', at).limit(limit),
      )
      .returning('parts')
      .execute();
    return rows.flatMap((row) => row.parts);
  }
}
