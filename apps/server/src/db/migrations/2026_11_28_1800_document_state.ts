import { sql, type Kysely } from 'kysely';

/**
 * SUNAT's latest state of each document on the document itself, with an index
 * by receiver, state and date: a receiver's list filtered by a rare state
 * (voided, unknown to SUNAT) or by "never checked" reads the entries that
 * match, where probing an answer for each of a receiver's 500 000 documents
 * took seconds. `validez` holds the list filter's value: the latest estadoCp,
 * or `sin` while never checked (a value, not null, so that the index orders
 * each state's documents by date). The database copies each answer's state
 * as it is recorded; the answers themselves stay in `document_validity`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents add column validez varchar(3) not null default 'sin'`.execute(db);
  // Per statement, over the answers it wrote: a period's check records them in batches.
  await sql`create function documents_state_answered() returns trigger language plpgsql as $$
    begin
      update documents set validez = answered.estado_cp
      from answered
      where documents.id = answered.document_id and documents.validez <> answered.estado_cp;
      return null;
    end $$`.execute(db);
  for (const [name, event] of [
    ['documents_state_inserted', 'insert'],
    ['documents_state_updated', 'update'],
  ] as const) {
    await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on document_validity
      referencing new table as answered
      for each statement execute function documents_state_answered()`.execute(db);
  }
  await sql`update documents set validez = document_validity.estado_cp
    from document_validity where document_validity.document_id = documents.id`.execute(db);
  await sql`create index documents_receiver_estado
    on documents (cliente_doc, validez, fecha desc, id desc)
    include (origen, emisor, tipo, serie, numero, quitado_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger documents_state_inserted on document_validity`.execute(db);
  await sql`drop trigger documents_state_updated on document_validity`.execute(db);
  await sql`drop function documents_state_answered()`.execute(db);
  await sql`drop index documents_receiver_estado`.execute(db);
  await sql`alter table documents drop column validez`.execute(db);
}
