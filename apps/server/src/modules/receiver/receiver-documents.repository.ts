import { sql, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { Database, DocumentRow } from '../../db/types.js';
import { LIST_COLUMNS, type DocumentListRow } from '../documents/list-columns.js';
import { receiverScope, type ReceiverFilter } from '../documents/receiver-filter.js';
import { issuerOpenTo } from '../receiver-access/receiver-access.js';

/** One currency's documents of a filter: all of them, the voided ones, and the sum of the rest. */
export interface CurrencyTotalsRow {
  moneda: string;
  count: number;
  voided: number;
  /** Decimal text; credit notes subtract. */
  total: string;
}

export type SortField = 'fecha' | 'total' | 'emisor' | 'tipo' | 'numero';
export type SortDirection = 'asc' | 'desc';

/**
 * The columns each sort orders by, before the id that breaks ties. Each list
 * has an index led by the receiver, so every page is read by key. Documents of
 * one type follow their dates, so the type's index also serves the type filter
 * in the list's date order.
 */
export const SORT_COLUMNS = {
  fecha: ['fecha'],
  total: ['total'],
  emisor: ['emisor_nombre'],
  tipo: ['tipo', 'fecha'],
  numero: ['serie', 'numero'],
} as const satisfies Record<SortField, readonly (keyof DocumentRow)[]>;

/** The sort values of a row, in the order of its sort's columns. */
export type SortKey = readonly (string | number)[];

export interface PageRequest {
  limit: number;
  sort: SortField;
  dir: SortDirection;
  /** Sort values and id of the last row of the previous page. */
  after?: { values: SortKey; id: number } | undefined;
}

/**
 * What the receiver reads of its documents as lists: every match, one page by
 * key, the counts and totals of a filter, the issuers that sent it documents.
 * Every query starts from the receiver's scope.
 */
export class ReceiverDocumentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every match, newest first (the legacy list). */
  async listForReceiver(receiverRuc: string, filter: ReceiverFilter): Promise<DocumentListRow[]> {
    return this.receiverQuery(receiverRuc, filter)
      .orderBy('fecha', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * One page by key: rows strictly after `after` in (sort value, id) order, so
   * every page costs the same however deep it is.
   *
   * The page's ids are chosen first, then only those rows are read: where the
   * sort's index carries the columns a filter reads (the date's and the
   * filters' indexes do), a filter it cannot seek to is checked on the index
   * entries, where checking it on the rows would read a row for every entry
   * passed over (seconds, when a filter matches nothing).
   */
  async pageForReceiver(
    receiverRuc: string,
    filter: ReceiverFilter,
    page: PageRequest,
  ): Promise<DocumentListRow[]> {
    const columns: readonly string[] = SORT_COLUMNS[page.sort];
    const order = [...columns, 'id'].map((column) => sql.ref(column));
    let ids = receiverScope(this.db, receiverRuc, filter).select('id');
    const { after } = page;
    if (after !== undefined) {
      const operator = page.dir === 'desc' ? '<' : '>';
      const values = [...after.values, after.id].map((value) => sql.val(value));
      ids = ids.where(
        sql<boolean>`(${sql.join(order)}) ${sql.raw(operator)} (${sql.join(values)})`,
      );
    }
    for (const column of order) ids = ids.orderBy(column, page.dir);
    let rows = this.db
      .selectFrom('documents')
      .select(LIST_COLUMNS)
      .where('id', 'in', ids.limit(page.limit));
    for (const column of order) rows = rows.orderBy(column, page.dir);
    return rows.execute();
  }

  /**
   * How many of the receiver's documents match the filter, counting no further
   * than `cap + 1`: a page is answered in milliseconds however many match,
   * where an exact count would read every matching row on every page.
   */
  async countMatching(receiverRuc: string, filter: ReceiverFilter, cap: number): Promise<number> {
    // Ordered as the list is, so the planner walks the receiver's date index and stops at the
    // cap; unordered, the access rule's OR led it to scan the whole table in parallel.
    const matching = receiverScope(this.db, receiverRuc, filter)
      .select(sql.lit(1).as('one'))
      .orderBy('fecha', 'desc')
      .orderBy('id', 'desc')
      .limit(cap + 1)
      .as('matching');
    const row = await this.db
      .selectFrom(matching)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Per currency: how many documents match, how many of them are voided (by
   * the issuer or, by its latest answer, at SUNAT), and what the others add
   * up to, credit notes subtracting. Every matching row is read, so this
   * answers apart from the pages.
   */
  async totalsForReceiver(
    receiverRuc: string,
    filter: ReceiverFilter,
  ): Promise<CurrencyTotalsRow[]> {
    const voided = sql<boolean>`(baja or validez = '2')`;
    const rows = await receiverScope(this.db, receiverRuc, filter)
      .select([
        'moneda',
        sql<string>`count(*)`.as('count'),
        sql<string>`count(*) filter (where ${voided})`.as('voided'),
        sql<string>`coalesce(sum(case when ${voided} then 0 when tipo = '07' then -total else total end), 0)::numeric(20, 2)::text`.as(
          'total',
        ),
      ])
      .groupBy('moneda')
      .execute();
    return rows.map((row) => ({
      moneda: row.moneda,
      count: Number(row.count),
      voided: Number(row.voided),
      total: row.total,
    }));
  }

  /** The date of the receiver's most recent document, if it has any. */
  async latestDateForReceiver(receiverRuc: string): Promise<string | null> {
    const row = await receiverScope(this.db, receiverRuc, {})
      .select('fecha')
      .orderBy('fecha', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.fecha ?? null;
  }

  /** Issuers that sent documents to this receiver, among those it may see. */
  async issuersForReceiver(receiverRuc: string): Promise<{ ruc: string; nombre: string }[]> {
    const publishing = await this.db
      .selectFrom('client_issuers')
      .innerJoin('companies', 'companies.ruc', 'client_issuers.emisor')
      .select(['companies.ruc', 'companies.nombre'])
      .where('client_issuers.cliente_doc', '=', receiverRuc)
      .where((eb) => issuerOpenTo(receiverRuc, eb.ref('client_issuers.emisor')))
      .execute();
    // Suppliers of the copies the account added itself, named as their documents name them.
    const supplying = await this.db
      .selectFrom('documents')
      .select(['emisor as ruc', (eb) => eb.fn.max('emisor_nombre').as('nombre')])
      .where('cliente_doc', '=', receiverRuc)
      .where('origen', '<>', sql.lit('emisor'))
      .where('quitado_at', 'is', null)
      .groupBy('emisor')
      .execute();
    const known = new Set(publishing.map((issuer) => issuer.ruc));
    return [...publishing, ...supplying.filter((issuer) => !known.has(issuer.ruc))].sort((a, b) =>
      a.nombre.localeCompare(b.nombre, 'es'),
    );
  }

  /** How many of the receiver's documents match, and how many of those are of the given types. */
  async countOfTypes(
    receiverRuc: string,
    filter: ReceiverFilter,
    types: readonly string[],
    db: Executor = this.db,
  ): Promise<{ matching: number; ofTypes: number }> {
    const row = await receiverScope(db, receiverRuc, filter)
      .select((eb) => [
        eb.fn.countAll<number>().as('matching'),
        eb.fn.countAll<number>().filterWhere('tipo', 'in', types).as('of_types'),
      ])
      .executeTakeFirstOrThrow();
    return { matching: Number(row.matching), ofTypes: Number(row.of_types) };
  }

  /** The next ids (by id) of the receiver's matching documents of the given types. */
  async idsOfTypes(
    receiverRuc: string,
    filter: ReceiverFilter,
    types: readonly string[],
    afterId: number,
    limit: number,
    db: Executor = this.db,
  ): Promise<number[]> {
    const rows = await receiverScope(db, receiverRuc, filter)
      .select('id')
      .where('tipo', 'in', types)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  private receiverQuery(receiverRuc: string, filter: ReceiverFilter) {
    return receiverScope(this.db, receiverRuc, filter).select(LIST_COLUMNS);
  }
}
