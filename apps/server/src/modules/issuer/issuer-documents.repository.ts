import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { published } from '../documents/documents.repository.js';
import { LIST_COLUMNS, type DocumentListRow } from '../documents/list-columns.js';

/** What the issuer's own list shows: the documents it published, by date. */
export class IssuerDocumentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listForIssuer(emisor: string, start: string, end: string): Promise<DocumentListRow[]> {
    return this.db
      .selectFrom('documents')
      .select(LIST_COLUMNS)
      .where(published)
      .where('emisor', '=', emisor)
      .where('fecha', '>=', start)
      .where('fecha', '<=', end)
      .orderBy('fecha')
      .orderBy('id')
      .execute();
  }
}
