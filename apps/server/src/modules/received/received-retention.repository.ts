import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { carOfDocument } from '../documents/document-car.js';
import { receiverMaySee } from '../receiver-access/receiver-access.js';

/** A removed copy deleted for good: its CAR, and the files it referred to. */
export interface PurgedDocument {
  car: string;
  hashes: string[];
}

/** Removed copies: marking them, and deleting them once they are past keeping. */
export class ReceivedRetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Marks the receiver's own copy removed, if it may see it and it is one it
   * added; answers whether it did.
   */
  async markRemoved(receiverRuc: string, id: number, at: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('documents')
      .set({ quitado_at: at, quitado_por: receiverRuc })
      .where('id', '=', id)
      .where('origen', '<>', sql.lit('emisor'))
      .where(receiverMaySee(receiverRuc))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes up to `limit` copies removed at or before `removedBy` (in `trx`), answering what went. */
  async deleteRemoved(
    trx: Kysely<Database>,
    removedBy: Date,
    limit: number,
  ): Promise<PurgedDocument[]> {
    const rows = await trx
      .deleteFrom('documents')
      .where(
        'id',
        'in',
        trx
          .selectFrom('documents')
          .select('id')
          .where('quitado_at', '<=', removedBy)
          .orderBy('quitado_at')
          .limit(limit),
      )
      .returning([
        'emisor',
        'tipo',
        'serie',
        'numero',
        'car',
        'xml_hash',
        'pdf_hash',
        'cdr_hash',
        'copia_distinta',
      ])
      .execute();
    return rows.map((row) => ({
      car: row.car ?? carOfDocument(row),
      hashes: [row.xml_hash, row.pdf_hash, row.cdr_hash, row.copia_distinta].filter(
        (hash): hash is string => hash !== null,
      ),
    }));
  }

  /**
   * Those of these files that a remaining row still refers to: one pass over
   * the documents (their hashes are not indexed; the purge runs a few times a
   * day at most).
   */
  async stillReferenced(trx: Kysely<Database>, hashes: readonly string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const wanted = sql`${[...hashes]}::text[]`;
    const { rows } = await sql<{ hash: string }>`
      select distinct file.hash from documents
        cross join lateral unnest(array[xml_hash, pdf_hash, cdr_hash, copia_distinta]) as file(hash)
        where file.hash = any(${wanted})
      union select raw_hash from inbound_mails where raw_hash = any(${wanted})
      union select archivo_hash from reconciliations where archivo_hash = any(${wanted})`.execute(
      trx,
    );
    return new Set(rows.map((row) => row.hash.trim()));
  }
}
