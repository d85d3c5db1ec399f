import type { Kysely, NotNull } from 'kysely';
import type { Database, DocumentRow } from '../../db/types.js';
import type { DocumentKey } from './documents.repository.js';

/**
 * What the backfills read: how many stored documents still lack columns SUFEL
 * keeps, and the next of them by id, so that an interrupted run resumes where
 * it stopped. What they fill is written through DocumentsRepository.
 */
export class BackfillScansRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** How many documents still lack their register amounts or printed number. */
  async countUnreadAmounts(): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => eb.or([eb('importes_leidos', '=', false), eb('numero_impreso', 'is', null)]))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The next documents, by id, whose register amounts or printed number were never read. */
  async unreadAmounts(
    afterId: number,
    limit: number,
  ): Promise<Pick<DocumentRow, 'id' | 'xml_hash' | 'cdr_hash'>[]> {
    return this.db
      .selectFrom('documents')
      .select(['id', 'xml_hash', 'cdr_hash'])
      .where((eb) => eb.or([eb('importes_leidos', '=', false), eb('numero_impreso', 'is', null)]))
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** How many documents never had their signature checked. */
  async countUncheckedSignatures(): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('firma_estado', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The next documents, by id, whose signature was never checked. */
  async uncheckedSignatures(
    afterId: number,
    limit: number,
  ): Promise<Pick<DocumentRow, 'id' | 'xml_hash'>[]> {
    return this.db
      .selectFrom('documents')
      .select(['id', 'xml_hash'])
      .where('firma_estado', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** How many documents still lack their CAR. */
  async countMissingCars(): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('car', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The next documents, by id, whose CAR was never computed. */
  async missingCars(afterId: number, limit: number): Promise<(DocumentKey & { id: number })[]> {
    return this.db
      .selectFrom('documents')
      .select(['id', 'emisor', 'tipo', 'serie', 'numero'])
      .where('car', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** How many documents have a CDR whose answer was never read. */
  async countUnreadCdrAnswers(): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('cdr_hash', 'is not', null)
      .where('cdr_respuesta', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The next documents, by id, with a CDR whose answer was never read. */
  async unreadCdrAnswers(
    afterId: number,
    limit: number,
  ): Promise<(DocumentKey & { id: number; cdr_hash: string })[]> {
    return this.db
      .selectFrom('documents')
      .select(['id', 'emisor', 'tipo', 'serie', 'numero', 'cdr_hash'])
      .where('cdr_hash', 'is not', null)
      .where('cdr_respuesta', 'is', null)
      .$narrowType<{ cdr_hash: NotNull }>()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** How many documents still lack their money facts. */
  async countUnreadMoney(): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('dinero_leido', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The next documents, by id, whose money facts were never read. */
  async unreadMoney(
    afterId: number,
    limit: number,
  ): Promise<Pick<DocumentRow, 'id' | 'xml_hash'>[]> {
    return this.db
      .selectFrom('documents')
      .select(['id', 'xml_hash'])
      .where('dinero_leido', '=', false)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
