import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DocumentRow, NewDocument } from '../../db/types.js';

/** What identifies a document: issuer, type, series and number. */
export interface DocumentKey {
  emisor: string;
  tipo: string;
  serie: string;
  numero: number;
}

/** A document key plus what only its holder knows: the date and the total. */
export interface DocumentProofKey extends DocumentKey {
  fecha: string;
  /** Decimal text with two places. */
  total: string;
}

export interface ReceiverFilter {
  start?: string | undefined;
  end?: string | undefined;
  emisor?: string | undefined;
  tipo?: string | undefined;
  serie?: string | undefined;
  numero?: number | undefined;
}

export type SortField = 'fecha' | 'total';
export type SortDirection = 'asc' | 'desc';

export interface PageRequest {
  limit: number;
  sort: SortField;
  dir: SortDirection;
  /** Sort value and id of the last row of the previous page. */
  after?: { value: string; id: number } | undefined;
}

const LIST_COLUMNS = [
  'id',
  'emisor',
  'emisor_nombre',
  'tipo',
  'serie',
  'numero',
  'fecha',
  'total',
  'moneda',
  'cliente_tipo',
  'cliente_doc',
  'cliente_nombre',
  'baja',
  'cdr_hash',
] as const;

export type DocumentListRow = Pick<DocumentRow, (typeof LIST_COLUMNS)[number]>;

type Executor = Kysely<Database> | Transaction<Database>;

/** One text per document key, to match rows with what was sent. */
export function documentKeyText(key: DocumentKey): string {
  return `${key.emisor}|${key.tipo}|${key.serie}|${key.numero}`;
}

export class DocumentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async findByKey(key: DocumentKey, db: Executor = this.db): Promise<DocumentRow | undefined> {
    return db
      .selectFrom('documents')
      .selectAll()
      .where('emisor', '=', key.emisor)
      .where('tipo', '=', key.tipo)
      .where('serie', '=', key.serie)
      .where('numero', '=', key.numero)
      .executeTakeFirst();
  }

  /** The document these printed data describe, optionally only if issued to `clienteDoc`. */
  async findByProof(
    proof: DocumentProofKey,
    clienteDoc?: string,
  ): Promise<DocumentListRow | undefined> {
    let query = this.db
      .selectFrom('documents')
      .select(LIST_COLUMNS)
      .where('emisor', '=', proof.emisor)
      .where('tipo', '=', proof.tipo)
      .where('serie', '=', proof.serie)
      .where('numero', '=', proof.numero)
      .where('fecha', '=', proof.fecha)
      .where('total', '=', proof.total);
    if (clienteDoc !== undefined) query = query.where('cliente_doc', '=', clienteDoc);
    return query.executeTakeFirst();
  }

  async findById(id: number): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Stores the documents whose key is still free and the receiver→issuer links,
   * in one transaction (one commit for the batch). Answers the new ids by
   * document key; a key already taken is left out.
   */
  async insertManyIfNew(documents: readonly NewDocument[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (documents.length === 0) return ids;
    await this.transaction(async (trx) => {
      const inserted = await trx
        .insertInto('documents')
        .values([...documents])
        .onConflict((oc) => oc.columns(['emisor', 'tipo', 'serie', 'numero']).doNothing())
        .returning(['id', 'emisor', 'tipo', 'serie', 'numero'])
        .execute();
      if (inserted.length === 0) return;
      for (const row of inserted) ids.set(documentKeyText(row), row.id);
      const links = new Map<string, { cliente_doc: string; emisor: string }>();
      for (const document of documents) {
        if (!ids.has(documentKeyText(document))) continue;
        const { cliente_doc, emisor } = document;
        links.set(`${cliente_doc}|${emisor}`, { cliente_doc, emisor });
      }
      await trx
        .insertInto('client_issuers')
        .values([...links.values()])
        .onConflict((oc) => oc.columns(['cliente_doc', 'emisor']).doNothing())
        .execute();
    });
    return ids;
  }

  /** Adds files that a re-publish brought and the document lacked. */
  async attachFiles(
    id: number,
    files: { pdfHash?: string | undefined; cdrHash?: string | undefined },
    trx: Transaction<Database>,
  ): Promise<void> {
    await trx
      .updateTable('documents')
      .set({
        ...(files.pdfHash === undefined ? {} : { pdf_hash: files.pdfHash, pdf_generated: false }),
        ...(files.cdrHash === undefined ? {} : { cdr_hash: files.cdrHash }),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Records a PDF rendered by SUFEL, unless one arrived meanwhile; answers the hash in force. */
  async setRenderedPdf(id: number, pdfHash: string): Promise<string> {
    await this.db
      .updateTable('documents')
      .set({ pdf_hash: pdfHash, pdf_generated: true })
      .where('id', '=', id)
      .where('pdf_hash', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('documents')
      .select('pdf_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.pdf_hash ?? pdfHash;
  }

  /** Reading a document updates that document's last access, and nothing else. */
  async touch(id: number, now: Date): Promise<void> {
    await this.db
      .updateTable('documents')
      .set({ last_access_at: now })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Marks the document voided; answers false when the issuer has no such
   * document. A PDF SUFEL rendered is dropped so the next one shows ANULADO.
   */
  async markVoided(key: DocumentKey, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('documents')
      .set({
        baja: true,
        baja_at: sql<Date>`coalesce(baja_at, ${now})`,
        pdf_hash: sql<string | null>`case when pdf_generated then null else pdf_hash end`,
      })
      .where('emisor', '=', key.emisor)
      .where('tipo', '=', key.tipo)
      .where('serie', '=', key.serie)
      .where('numero', '=', key.numero)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async listForIssuer(emisor: string, start: string, end: string): Promise<DocumentListRow[]> {
    return this.db
      .selectFrom('documents')
      .select(LIST_COLUMNS)
      .where('emisor', '=', emisor)
      .where('fecha', '>=', start)
      .where('fecha', '<=', end)
      .orderBy('fecha')
      .orderBy('id')
      .execute();
  }

  /** Every match, newest first (the legacy list). */
  async listForReceiver(clienteDoc: string, filter: ReceiverFilter): Promise<DocumentListRow[]> {
    return this.receiverQuery(clienteDoc, filter)
      .orderBy('fecha', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * One page by key: rows strictly after `after` in (sort value, id) order, so
   * every page costs the same however deep it is.
   */
  async pageForReceiver(
    clienteDoc: string,
    filter: ReceiverFilter,
    page: PageRequest,
  ): Promise<DocumentListRow[]> {
    let query = this.receiverQuery(clienteDoc, filter);
    const { after } = page;
    if (after !== undefined) {
      const operator = page.dir === 'desc' ? '<' : '>';
      query = query.where((eb) =>
        eb(eb.refTuple(page.sort, 'id'), operator, eb.tuple(after.value, after.id)),
      );
    }
    return query.orderBy(page.sort, page.dir).orderBy('id', page.dir).limit(page.limit).execute();
  }

  /** Issuers that sent documents to this receiver. */
  async issuersForReceiver(clienteDoc: string): Promise<{ ruc: string; nombre: string }[]> {
    return this.db
      .selectFrom('client_issuers')
      .innerJoin('companies', 'companies.ruc', 'client_issuers.emisor')
      .select(['companies.ruc', 'companies.nombre'])
      .where('client_issuers.cliente_doc', '=', clienteDoc)
      .orderBy('companies.nombre')
      .execute();
  }

  private receiverQuery(clienteDoc: string, filter: ReceiverFilter) {
    let query = this.db
      .selectFrom('documents')
      .select(LIST_COLUMNS)
      .where('cliente_doc', '=', clienteDoc);
    if (filter.start !== undefined) query = query.where('fecha', '>=', filter.start);
    if (filter.end !== undefined) query = query.where('fecha', '<=', filter.end);
    if (filter.emisor !== undefined) query = query.where('emisor', '=', filter.emisor);
    if (filter.tipo !== undefined) query = query.where('tipo', '=', filter.tipo);
    if (filter.serie !== undefined) query = query.where('serie', '=', filter.serie);
    if (filter.numero !== undefined) query = query.where('numero', '=', filter.numero);
    return query;
  }
}
