import type { CdrAnswer } from '@sufel/contract';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { preparedStatement } from '../../db/prepared-statements.js';
import type { Database, DocumentRow, DocumentUpdate, NewDocument } from '../../db/types.js';
import { receiverMaySee } from '../receiver-access/receiver-access.js';
import { carOfDocument } from './document-car.js';
import type { InstallmentRow, MoneyFactsColumns } from './money-columns.js';
import { receiverScope } from './receiver-filter.js';

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

/** What an upload needs to know of a copy the receiver already holds. */
export type HeldCopy = Pick<
  DocumentRow,
  'id' | 'origen' | 'xml_hash' | 'pdf_hash' | 'pdf_generated' | 'cdr_hash'
>;

/**
 * Published by its issuer: what the issuer's own views, publishing and the
 * consultation work on. A literal, so that it matches the partial key index.
 */
export const published = sql<boolean>`origen = 'emisor'`;

const INSTALLMENTS_PER_STATEMENT = 5_000;
/** Keys looked up at once when an upload asks which documents the receiver holds. */
const HELD_LOOKUP_CHUNK = 1_000;
/** Received rows per insert: about 70 parameters each, well under PostgreSQL's 65 535. */
const RECEIVED_INSERT_CHUNK = 500;

/** One text per document key, to match rows with what was sent. */
export function documentKeyText(key: DocumentKey): string {
  return `${key.emisor}|${key.tipo}|${key.serie}|${key.numero}`;
}

/**
 * Stored documents one at a time: finding one by key, proof or id (the
 * consultation, files, rendered PDFs), and every write (publishing, copies
 * receivers add, the files and columns filled in later). Lists, exports and
 * the backfills' scans have repositories of their own.
 */
export class DocumentsRepository {
  /**
   * The consultation's lookup, built once (composing it on every request cost
   * more CPU than running it) and prepared on each PostgreSQL connection. Its
   * parameters are the proof's fields in this order, then the receiver's
   * document for `byProofOfReceiver`.
   */
  private readonly byProof;
  private readonly byProofOfReceiver;

  constructor(private readonly db: Kysely<Database>) {
    this.byProof = preparedStatement('document_by_proof', this.proofQuery().compile());
    this.byProofOfReceiver = preparedStatement(
      'document_by_proof_of_receiver',
      this.proofQuery().where('cliente_doc', '=', '').compile(),
    );
  }

  /** The published document with this key. */
  async findByKey(db: Executor, key: DocumentKey): Promise<DocumentRow | undefined> {
    return db
      .selectFrom('documents')
      .selectAll()
      .where(published)
      .where('emisor', '=', key.emisor)
      .where('tipo', '=', key.tipo)
      .where('serie', '=', key.serie)
      .where('numero', '=', key.numero)
      .executeTakeFirst();
  }

  /**
   * The id of the published document these printed data describe: all a proof
   * needs. A copy a receiver added is never found: anyone can write an XML.
   */
  private proofQuery() {
    return this.db
      .selectFrom('documents')
      .select('id')
      .where(published)
      .where('emisor', '=', '')
      .where('tipo', '=', '')
      .where('serie', '=', '')
      .where('numero', '=', 0)
      .where('fecha', '=', '')
      .where('total', '=', '');
  }

  /** The consultation's lookup of the published document these printed data describe. */
  proofLookup(proof: DocumentProofKey): CompiledQuery<{ id: number }> {
    const { emisor, tipo, serie, numero, fecha, total } = proof;
    return { ...this.byProof, parameters: [emisor, tipo, serie, numero, fecha, total] };
  }

  /** The id of the document these printed data describe, optionally only if issued to `receiverRuc`. */
  async findIdByProof(proof: DocumentProofKey, receiverRuc?: string): Promise<number | undefined> {
    const lookup = this.proofLookup(proof);
    const { rows } = await this.db.executeQuery<{ id: number }>(
      receiverRuc === undefined
        ? lookup
        : { ...this.byProofOfReceiver, parameters: [...lookup.parameters, receiverRuc] },
    );
    return rows[0]?.id;
  }

  async findById(id: number): Promise<DocumentRow | undefined> {
    return this.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The document, if the receiver may see it. */
  async findForReceiver(receiverRuc: string, id: number): Promise<DocumentRow | undefined> {
    return receiverScope(this.db, receiverRuc, {})
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Stores the documents whose key is still free and the receiver→issuer links;
   * answers the new ids by document key, leaving out a key already taken. Run
   * it in the transaction that records the documents' files.
   */
  async insertNew(trx: Executor, documents: readonly NewDocument[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    if (documents.length === 0) return ids;
    const inserted = await trx
      .insertInto('documents')
      .values(documents.map((document) => ({ ...document, car: carOfDocument(document) })))
      .onConflict((oc) =>
        oc.columns(['emisor', 'tipo', 'serie', 'numero']).where(published).doNothing(),
      )
      .returning(['id', 'emisor', 'tipo', 'serie', 'numero'])
      .execute();
    if (inserted.length === 0) return ids;
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
    return ids;
  }

  /**
   * The copy of this document the receiver already holds: the published one
   * open to it, or else the one it added itself.
   */
  async findHeldByReceiver(
    db: Executor,
    receiverRuc: string,
    key: DocumentKey,
  ): Promise<Pick<DocumentRow, 'id' | 'origen' | 'xml_hash'> | undefined> {
    return db
      .selectFrom('documents')
      .select(['id', 'origen', 'xml_hash'])
      .where('emisor', '=', key.emisor)
      .where('tipo', '=', key.tipo)
      .where('serie', '=', key.serie)
      .where('numero', '=', key.numero)
      .where(receiverMaySee(receiverRuc))
      .executeTakeFirst();
  }

  /**
   * The copies the receiver holds of these documents, by document key, as
   * findHeldByReceiver answers each: one query by CAR (indexed) per chunk.
   */
  async findManyHeldByReceiver(
    db: Executor,
    receiverRuc: string,
    keys: readonly DocumentKey[],
  ): Promise<Map<string, HeldCopy>> {
    const held = new Map<string, HeldCopy>();
    for (let start = 0; start < keys.length; start += HELD_LOOKUP_CHUNK) {
      const cars = keys.slice(start, start + HELD_LOOKUP_CHUNK).map(carOfDocument);
      const rows = await db
        .selectFrom('documents')
        .select([
          'id',
          'origen',
          'xml_hash',
          'pdf_hash',
          'pdf_generated',
          'cdr_hash',
          'emisor',
          'tipo',
          'serie',
          'numero',
        ])
        .where(sql<boolean>`car = any(${cars}::text[])`)
        .where(receiverMaySee(receiverRuc))
        .execute();
      for (const { emisor, tipo, serie, numero, ...row } of rows) {
        held.set(documentKeyText({ emisor, tipo, serie, numero }), row);
      }
    }
    return held;
  }

  /**
   * Stores copies a receiver added, in statements of a few hundred rows;
   * answers the new ids by document key, leaving out a key whose copy another
   * intake stored meanwhile.
   */
  async insertManyReceived(
    db: Executor,
    documents: readonly (NewDocument & { origen: 'carga' | 'correo' })[],
  ): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let start = 0; start < documents.length; start += RECEIVED_INSERT_CHUNK) {
      const rows = await db
        .insertInto('documents')
        .values(
          documents
            .slice(start, start + RECEIVED_INSERT_CHUNK)
            .map((document) => ({ ...document, car: carOfDocument(document) })),
        )
        .onConflict((oc) =>
          oc
            .columns(['cliente_doc', 'emisor', 'tipo', 'serie', 'numero'])
            .where(sql<boolean>`origen <> 'emisor' and quitado_at is null`)
            .doNothing(),
        )
        .returning(['id', 'emisor', 'tipo', 'serie', 'numero'])
        .execute();
      for (const row of rows) ids.set(documentKeyText(row), row.id);
    }
    return ids;
  }

  /** Keeps the first copy received later whose bytes differ from the held one. */
  async keepDifferingCopy(db: Executor, id: number, xmlHash: string): Promise<void> {
    await db
      .updateTable('documents')
      .set({ copia_distinta: sql<string>`coalesce(copia_distinta, ${xmlHash})` })
      .where('id', '=', id)
      .execute();
  }

  /** Adds files that a re-publish brought and the document lacked. */
  async attachFiles(
    trx: Executor,
    id: number,
    files: {
      pdfHash?: string | undefined;
      cdr?: { hash: string; code: string | null; answer: CdrAnswer } | undefined;
    },
  ): Promise<void> {
    await trx
      .updateTable('documents')
      .set({
        ...(files.cdr === undefined
          ? {}
          : {
              cdr_hash: files.cdr.hash,
              cdr_codigo: files.cdr.code,
              cdr_respuesta: files.cdr.answer,
              // A PDF SUFEL rendered prints the verdict it had without this CDR: render it again.
              pdf_hash: sql<string | null>`case when pdf_generated then null else pdf_hash end`,
            }),
        ...(files.pdfHash === undefined ? {} : { pdf_hash: files.pdfHash, pdf_generated: false }),
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Records a PDF rendered by SUFEL, unless one arrived meanwhile; answers the
   * hash in force. Run it in the transaction that records the PDF's file.
   */
  async setRenderedPdf(db: Executor, id: number, pdfHash: string): Promise<string> {
    await db
      .updateTable('documents')
      .set({ pdf_hash: pdfHash, pdf_generated: true })
      .where('id', '=', id)
      .where('pdf_hash', 'is', null)
      .execute();
    const row = await db
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
      .where(published)
      .where('emisor', '=', key.emisor)
      .where('tipo', '=', key.tipo)
      .where('serie', '=', key.serie)
      .where('numero', '=', key.numero)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Stores computed CARs, one statement per batch. */
  async setCars(updates: readonly { id: number; columns: DocumentUpdate }[]): Promise<void> {
    if (updates.length === 0) return;
    const rows = updates.map(({ id, columns }) => sql`(${id}::integer, ${columns.car}::char(27))`);
    await sql`update documents set car = given.car
      from (values ${sql.join(rows)}) as given (id, car)
      where documents.id = given.id`.execute(this.db);
  }

  /** Stores columns read after the fact, a statement per document: run it in a transaction. */
  async setRegisterColumns(
    trx: Executor,
    updates: readonly { id: number; columns: DocumentUpdate }[],
  ): Promise<void> {
    for (const { id, columns } of updates) {
      await trx.updateTable('documents').set(columns).where('id', '=', id).execute();
    }
  }

  /**
   * Stores the money facts of documents already stored, replacing what was
   * kept of them, as the backfill reads them. One statement per table for the
   * whole batch: run it in a transaction.
   */
  async saveMoneyFacts(
    trx: Executor,
    updates: readonly { id: number; facts: MoneyFactsColumns }[],
  ): Promise<void> {
    if (updates.length === 0) return;
    const rows = updates.map(({ id, facts: { columns: c } }) => {
      const values = [
        sql`${id}::integer`,
        sql`${c.forma_pago}::varchar`,
        sql`${c.cuotas}::integer`,
        sql`${c.detraccion}::boolean`,
        sql`${c.detraccion_codigo}::varchar`,
        sql`${c.detraccion_porcentaje}::numeric`,
        sql`${c.detraccion_monto}::numeric`,
        sql`${c.detraccion_cuenta}::varchar`,
        sql`${c.detraccion_medio}::varchar`,
        sql`${c.percepcion_codigo}::varchar`,
        sql`${c.percepcion_monto}::numeric`,
        sql`${c.retencion_monto}::numeric`,
      ];
      return sql`(${sql.join(values)})`;
    });
    await sql`update documents set
          forma_pago = given.forma_pago, cuotas = given.cuotas, detraccion = given.detraccion,
          detraccion_codigo = given.detraccion_codigo,
          detraccion_porcentaje = given.detraccion_porcentaje,
          detraccion_monto = given.detraccion_monto, detraccion_cuenta = given.detraccion_cuenta,
          detraccion_medio = given.detraccion_medio, percepcion_codigo = given.percepcion_codigo,
          percepcion_monto = given.percepcion_monto, retencion_monto = given.retencion_monto,
          dinero_leido = true
        from (values ${sql.join(rows)}) as given (id, forma_pago, cuotas, detraccion,
          detraccion_codigo, detraccion_porcentaje, detraccion_monto, detraccion_cuenta,
          detraccion_medio, percepcion_codigo, percepcion_monto, retencion_monto)
        where documents.id = given.id`.execute(trx);
    await trx
      .deleteFrom('document_installments')
      .where(
        'document_id',
        'in',
        updates.map(({ id }) => id),
      )
      .execute();
    await this.insertInstallments(
      trx,
      updates.map(({ id, facts }) => ({ id, installments: facts.installments })),
    );
  }

  /** Records the instalments of documents just inserted. */
  async insertInstallments(
    db: Executor,
    documents: readonly { id: number; installments: readonly InstallmentRow[] }[],
  ): Promise<void> {
    const rows = documents.flatMap(({ id, installments }) =>
      installments.map((installment) => ({ document_id: id, ...installment })),
    );
    // Five parameters a row, well under PostgreSQL's 65 535 per statement.
    for (let start = 0; start < rows.length; start += INSTALLMENTS_PER_STATEMENT) {
      await db
        .insertInto('document_installments')
        .values(rows.slice(start, start + INSTALLMENTS_PER_STATEMENT))
        .execute();
    }
  }
}
