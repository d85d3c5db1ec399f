import type { HeldGroup } from '@sufel/contract';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type {
  Database,
  DocumentRow,
  ReconciliationItemsTable,
  ReconciliationsTable,
} from '../../db/types.js';
import { receiverScope } from '../documents/receiver-filter.js';

export type ReconciliationRow = Selectable<ReconciliationsTable>;
export type ReconciliationItemRow = Selectable<ReconciliationItemsTable>;
export type NewReconciliationItem = Insertable<ReconciliationItemsTable>;

/** What a held document shows in a list of what SUNAT did not propose. */
export interface HeldListRow {
  id: number;
  car: string | null;
  tipo: string;
  serie: string;
  numero: number;
  emisor: string;
  emisor_nombre: string;
  fecha: string;
  moneda: string;
  total: string;
  igv: string;
  sire_complementado: string | null;
  base_gravada: string;
}

/** Which held documents a group lists, for a period whose last day is `periodEnd`. */
export interface HeldGroupBounds {
  periodStart: string;
  periodEnd: string;
  /** Facturas issued on or before this day put their IGV credit at risk. */
  creditCutoff: string;
  period: string;
}

/** Types SUNAT proposes (Anexo 1 Tabla 11) that SUFEL can hold. */
const PROPOSED_TYPES = ['01', '07', '08'];

/**
 * `column = any(cars)`: one array parameter, where `in` would send and parse
 * one parameter per CAR; cast to the column's type so its index serves.
 */
function carAmong(column: 'documents.car' | 'item.car', cars: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} = any(${cars}::bpchar[])`;
}

/** The columns of a stored row and their SQL types, in insert order. */
const ITEM_COLUMNS: readonly (readonly [keyof NewReconciliationItem, string])[] = [
  ['reconciliation_id', 'integer'],
  ['linea', 'integer'],
  ['car', 'text'],
  ['grupo', 'text'],
  ['tipo', 'text'],
  ['serie', 'text'],
  ['numero', 'text'],
  ['emisor', 'text'],
  ['emisor_nombre', 'text'],
  ['fecha', 'date'],
  ['moneda', 'text'],
  ['total_sire', 'numeric'],
  ['base_sire', 'numeric'],
  ['igv_sire', 'numeric'],
  ['total_sufel', 'numeric'],
  ['base_sufel', 'numeric'],
  ['igv_sufel', 'numeric'],
  ['document_id', 'integer'],
  ['motivo', 'text'],
];

/**
 * Reconciliations and their rows. Every read of documents goes through the
 * receiver's scope (receiverScope): matching only ever sees documents the
 * account may see.
 */
export class ReconciliationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reconciliation of this proposal file, locked, if it was imported before. */
  async byFile(
    trx: Kysely<Database>,
    receiverRuc: string,
    fileHash: string,
  ): Promise<ReconciliationRow | undefined> {
    return trx
      .selectFrom('reconciliations')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .where('archivo_hash', '=', fileHash)
      .forUpdate()
      .executeTakeFirst();
  }

  async create(trx: Kysely<Database>, row: Insertable<ReconciliationsTable>): Promise<number> {
    const { id } = await trx
      .insertInto('reconciliations')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(
    db: Kysely<Database>,
    id: number,
    columns: Partial<{
      estado: ReconciliationRow['estado'];
      etapa: string | null;
      mensaje: string | null;
      filas: number;
      procesadas: number;
      resumen: string;
      filas_con_error: number;
      errores: string;
      archivo_nombre: string;
      archivo_hash: string;
      periodo: string;
      updated_at: Date;
    }>,
  ): Promise<void> {
    await db.updateTable('reconciliations').set(columns).where('id', '=', id).execute();
  }

  /** The account's reconciliation of a period downloaded from SIRE, locked. */
  async fromSire(
    trx: Kysely<Database>,
    receiverRuc: string,
    period: string,
  ): Promise<ReconciliationRow | undefined> {
    return trx
      .selectFrom('reconciliations')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .where('origen', '=', 'sire')
      .where('periodo', '=', period)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
  }

  /** Downloading again: the file SIRE delivered before is no longer this reconciliation's. */
  async forgetFile(trx: Kysely<Database>, id: number): Promise<void> {
    await trx
      .updateTable('reconciliations')
      .set({ archivo_hash: null, archivo_nombre: null })
      .where('id', '=', id)
      .execute();
  }

  async remove(trx: Kysely<Database>, id: number): Promise<void> {
    await trx.deleteFrom('reconciliations').where('id', '=', id).execute();
  }

  async find(id: number, receiverRuc?: string): Promise<ReconciliationRow | undefined> {
    let query = this.db.selectFrom('reconciliations').selectAll().where('id', '=', id);
    if (receiverRuc !== undefined) query = query.where('cliente_doc', '=', receiverRuc);
    return query.executeTakeFirst();
  }

  /** The account's reconciliations, newest first. */
  async list(receiverRuc: string, limit: number): Promise<ReconciliationRow[]> {
    return this.db
      .selectFrom('reconciliations')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async clearItems(db: Kysely<Database>, id: number): Promise<void> {
    await db.deleteFrom('reconciliation_items').where('reconciliation_id', '=', id).execute();
  }

  /**
   * One statement per batch, each column sent as one array: a multi-row VALUES
   * of 20 parameters a row costs PostgreSQL more to parse and plan than the
   * rows cost to store.
   */
  async insertItems(db: Kysely<Database>, items: readonly NewReconciliationItem[]): Promise<void> {
    if (items.length === 0) return;
    const columns = ITEM_COLUMNS.map(([name]) => sql.ref(name));
    const arrays = ITEM_COLUMNS.map(
      ([name, type]) => sql`${items.map((item) => item[name])}::${sql.raw(type)}[]`,
    );
    await sql`insert into reconciliation_items (${sql.join(columns)})
      select * from unnest(${sql.join(arrays)})`.execute(db);
  }

  /**
   * The documents the account may see among these CARs, in one indexed query:
   * what a batch of proposed rows is compared with.
   */
  async heldByCar(db: Kysely<Database>, receiverRuc: string, cars: readonly string[]) {
    if (cars.length === 0) return [];
    return receiverScope(db, receiverRuc, {})
      .select([
        'id',
        'car',
        'tipo',
        'fecha',
        'moneda',
        'total',
        'base_gravada',
        'igv',
        'importes_leidos',
        'baja',
        'sire_excluido',
        (eb) =>
          eb
            .selectFrom('document_proposals')
            .select('document_proposals.periodo')
            .whereRef('document_proposals.document_id', '=', 'documents.id')
            .as('sire_periodo'),
      ])
      .where(carAmong('documents.car', cars))
      .orderBy('id')
      .execute();
  }

  /** The CARs among these that other proposals of the account and period already hold. */
  async inOtherProposals(
    db: Kysely<Database>,
    reconciliation: { id: number; receiverRuc: string; period: string },
    cars: readonly string[],
  ): Promise<{ car: string; id: number; created_at: Date }[]> {
    if (cars.length === 0) return [];
    return db
      .selectFrom('reconciliation_items as item')
      .innerJoin('reconciliations as other', 'other.id', 'item.reconciliation_id')
      .select(['item.car', 'other.id', 'other.created_at'])
      .where(carAmong('item.car', cars))
      .where('other.cliente_doc', '=', reconciliation.receiverRuc)
      .where('other.periodo', '=', reconciliation.period)
      .where('other.id', '<', reconciliation.id)
      .orderBy('other.id')
      .execute();
  }

  /** These documents were in the proposal of `period`: keep the earliest period. */
  async markProposed(db: Kysely<Database>, ids: readonly number[], period: string): Promise<void> {
    if (ids.length === 0) return;
    await sql`insert into document_proposals (document_id, periodo)
      select unnest(${ids}::integer[]), ${period}
      on conflict (document_id) do update set periodo = excluded.periodo
      where document_proposals.periodo > excluded.periodo`.execute(db);
  }

  /** One page of a group of proposed rows, in file order. */
  async itemsPage(
    id: number,
    group: string,
    afterLine: number,
    limit: number,
  ): Promise<ReconciliationItemRow[]> {
    return this.db
      .selectFrom('reconciliation_items')
      .selectAll()
      .where('reconciliation_id', '=', id)
      .where('grupo', '=', group)
      .where('linea', '>', afterLine)
      .orderBy('linea')
      .limit(limit)
      .execute();
  }

  /** Every proposed row of a group, in file order, batch by batch (exports). */
  async *items(id: number, group: string): AsyncGenerator<ReconciliationItemRow[]> {
    for (let after = 0; ;) {
      const rows = await this.itemsPage(id, group, after, 2000);
      if (rows.length === 0) return;
      yield rows;
      after = rows.at(-1)!.linea;
    }
  }

  /** Documents SUNAT did not propose, of one group, the account may see. */
  private heldScope(receiverRuc: string, group: HeldGroup, bounds: HeldGroupBounds) {
    let query = receiverScope(this.db, receiverRuc, {}).where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('document_proposals')
            .select('document_proposals.document_id')
            .whereRef('document_proposals.document_id', '=', 'documents.id'),
        ),
      ),
    );
    if (group === 'boleta') {
      return query
        .where('tipo', '=', '03')
        .where('fecha', '>=', bounds.periodStart)
        .where('fecha', '<=', bounds.periodEnd);
    }
    query = query.where((eb) =>
      eb.or([eb('sire_complementado', 'is', null), eb('sire_complementado', '>=', bounds.period)]),
    );
    if (group === 'solo_en_sufel') {
      return query.where('tipo', 'in', PROPOSED_TYPES).where('fecha', '<=', bounds.periodEnd);
    }
    return query
      .where('tipo', '=', '01')
      .where('igv', '>', '0')
      .where('sire_complementado', 'is', null)
      .where('fecha', '<=', bounds.creditCutoff);
  }

  async heldPage(
    receiverRuc: string,
    group: HeldGroup,
    bounds: HeldGroupBounds,
    afterId: number,
    limit: number,
  ): Promise<HeldListRow[]> {
    return this.heldScope(receiverRuc, group, bounds)
      .select([
        'id',
        'car',
        'tipo',
        'serie',
        'numero',
        'emisor',
        'emisor_nombre',
        'fecha',
        'moneda',
        'total',
        'igv',
        'sire_complementado',
        'base_gravada',
      ])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async heldCount(receiverRuc: string, group: HeldGroup, bounds: HeldGroupBounds): Promise<number> {
    const row = await this.heldScope(receiverRuc, group, bounds)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Every held document of a group, batch by batch (exports). */
  async *held(
    receiverRuc: string,
    group: HeldGroup,
    bounds: HeldGroupBounds,
  ): AsyncGenerator<HeldListRow[]> {
    for (let after = 0; ;) {
      const rows = await this.heldPage(receiverRuc, group, bounds, after, 2000);
      if (rows.length === 0) return;
      yield rows;
      after = rows.at(-1)!.id;
    }
  }

  /** The proposed rows of these CARs in the reconciliation, first line of each. */
  async rowsOfCars(id: number, cars: readonly string[]): Promise<ReconciliationItemRow[]> {
    if (cars.length === 0) return [];
    return this.db
      .selectFrom('reconciliation_items')
      .selectAll()
      .where('reconciliation_id', '=', id)
      .where('car', 'in', cars)
      .orderBy('linea')
      .execute();
  }

  /** Whole rows of these documents, if the account may see them and SUNAT never proposed them. */
  async complementable(
    receiverRuc: string,
    bounds: HeldGroupBounds,
    ids: readonly number[],
  ): Promise<DocumentRow[]> {
    if (ids.length === 0) return [];
    return this.heldScope(receiverRuc, 'solo_en_sufel', bounds)
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  }

  /** Issue dates of the documents notes modify, among those the account may see. */
  async issueDates(
    receiverRuc: string,
    keys: readonly { emisor: string; tipo: string; serie: string; numero: number }[],
  ): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await receiverScope(this.db, receiverRuc, {})
      .select(['emisor', 'tipo', 'serie', 'numero', 'fecha'])
      .where((eb) =>
        eb.or(
          keys.map((key) =>
            eb.and([
              eb('emisor', '=', key.emisor),
              eb('tipo', '=', key.tipo),
              eb('serie', '=', key.serie),
              eb('numero', '=', key.numero),
            ]),
          ),
        ),
      )
      .execute();
    return new Map(
      rows.map((row) => [`${row.emisor}|${row.tipo}|${row.serie}|${row.numero}`, row.fecha]),
    );
  }

  /** The next NN of a kind of file for SIRE, counted per account and period. */
  async nextFileSequence(
    trx: Kysely<Database>,
    receiverRuc: string,
    period: string,
    kind: 'RCEINEX' | 'CP',
  ): Promise<number> {
    const row = await trx
      .insertInto('sire_files')
      .values({ cliente_doc: receiverRuc, periodo: period, archivo: kind, secuencia: 1 })
      .onConflict((oc) =>
        oc
          .columns(['cliente_doc', 'periodo', 'archivo'])
          .doUpdateSet({ secuencia: sql<number>`sire_files.secuencia + 1` }),
      )
      .returning('secuencia')
      .executeTakeFirstOrThrow();
    return row.secuencia;
  }

  /** What the files for SIRE did to each document: excluded (or brought back) and complemented. */
  async markSireFile(
    trx: Kysely<Database>,
    ids: readonly number[],
    columns: { sire_excluido: string | null } | { sire_complementado: string },
  ): Promise<void> {
    if (ids.length === 0) return;
    await trx.updateTable('documents').set(columns).where('id', 'in', ids).execute();
  }

  /** The `sin_xml` rows, by supplier then line. */
  async missingXml(id: number, limit: number): Promise<ReconciliationItemRow[]> {
    return this.db
      .selectFrom('reconciliation_items')
      .selectAll()
      .where('reconciliation_id', '=', id)
      .where('grupo', '=', 'sin_xml')
      .orderBy('emisor')
      .orderBy('linea')
      .limit(limit)
      .execute();
  }

  /** Documents matched to the reconciliation's rows, the account may see, one batch after `afterId`. */
  async matchedDocuments(
    receiverRuc: string,
    id: number,
    groups: readonly string[],
    afterId: number,
    limit: number,
  ): Promise<DocumentRow[]> {
    return receiverScope(this.db, receiverRuc, {})
      .selectAll()
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('reconciliation_items')
          .select('document_id')
          .where('reconciliation_id', '=', id)
          .where('grupo', 'in', groups)
          .where('document_id', 'is not', null)
          .$narrowType<{ document_id: number }>(),
      )
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async countMatchedDocuments(id: number, groups: readonly string[]): Promise<number> {
    const row = await this.db
      .selectFrom('reconciliation_items')
      .select((eb) => eb.fn.count<number>('document_id').distinct().as('count'))
      .where('reconciliation_id', '=', id)
      .where('grupo', 'in', groups)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async receiverName(receiverRuc: string): Promise<string> {
    const row = await this.db
      .selectFrom('clients')
      .select('nombres')
      .where('documento', '=', receiverRuc)
      .executeTakeFirst();
    return row?.nombres ?? '';
  }
}
