import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** The files the documents, received mails and background exports refer to: what a store must hold for nothing to be lost. */
export class FileHashesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (${this.referenced()}) as files`.execute(this.db);
    return rows[0]!.n;
  }

  /** Up to `limit` hashes after `after`, in order, so a long walk can resume anywhere. */
  async page(after: string, limit: number): Promise<string[]> {
    const { rows } = await sql<{ hash: string }>`
      select hash from (${this.referenced()}) as files
      where hash > ${after} order by hash limit ${limit}`.execute(this.db);
    return rows.map((row) => row.hash);
  }

  private referenced() {
    return sql`
      select xml_hash as hash from documents
      union select pdf_hash from documents where pdf_hash is not null
      union select cdr_hash from documents where cdr_hash is not null
      union select copia_distinta from documents where copia_distinta is not null
      union select raw_hash from inbound_mails where raw_hash is not null
      union select unnest(parts) from background_exports`;
  }
}
