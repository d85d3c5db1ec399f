import type { Kysely } from 'kysely';
import type { Database, DocumentRow } from '../../db/types.js';
import { receiverScope, type ReceiverFilter } from '../documents/receiver-filter.js';

/**
 * What an export reads of the receiver's documents: only those that existed
 * when it began (up to an id), in batches by key, so it costs the same memory
 * whatever it holds.
 */
export class ExportDocumentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The highest document id so far: an export holds what existed when it began. */
  async lastId(): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    return row?.max ?? 0;
  }

  /** How many of the receiver's documents match, among those with id up to `maxId`. */
  async countForReceiver(
    receiverRuc: string,
    filter: ReceiverFilter,
    maxId: number,
  ): Promise<number> {
    const row = await receiverScope(this.db, receiverRuc, filter)
      .where('id', '<=', maxId)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Whole rows of the receiver's matching documents, newest first, one batch
   * after `after` (by date and id), among those with id up to `maxId`.
   */
  async exportBatch(
    receiverRuc: string,
    filter: ReceiverFilter,
    maxId: number,
    after: { fecha: string; id: number } | undefined,
    limit: number,
  ): Promise<DocumentRow[]> {
    let query = receiverScope(this.db, receiverRuc, filter).selectAll().where('id', '<=', maxId);
    if (after !== undefined) {
      query = query.where((eb) =>
        eb(eb.refTuple('fecha', 'id'), '<', eb.tuple(after.fecha, after.id)),
      );
    }
    return query.orderBy('fecha', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
