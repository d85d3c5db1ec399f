import { sql, type Kysely } from 'kysely';

/**
 * A copy the receiver added (upload, mail) may be removed by its owner: the
 * row and its files stay, out of every view, until the retention period has
 * passed since `quitado_at`; then the purge deletes them. Only copies still
 * held count for the per-receiver key, so the same document may be added
 * again after its copy was removed. The receiver list's covering index holds
 * the removal too, so counting stays an index-only scan under the access rule.
 * Purging a file of the local store asks whether its pack still holds others:
 * `blobs` is searched by pack.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents
    add column quitado_at timestamptz,
    add column quitado_por varchar(20),
    add constraint documents_quitado_check
      check (quitado_at is null or origen <> 'emisor')`.execute(db);
  await sql`drop index documents_received_key`.execute(db);
  await sql`create unique index documents_received_key
    on documents (cliente_doc, emisor, tipo, serie, numero)
    where origen <> 'emisor' and quitado_at is null`.execute(db);
  await sql`create index documents_removed on documents (quitado_at)
    where quitado_at is not null`.execute(db);
  await sql`create index blobs_pack on blobs (pack)`.execute(db);
  await sql`drop index documents_receiver_fecha`.execute(db);
  await sql`create index documents_receiver_fecha on documents (cliente_doc, fecha desc, id desc)
    include (origen, emisor, tipo, serie, numero, quitado_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_receiver_fecha`.execute(db);
  await sql`create index documents_receiver_fecha on documents (cliente_doc, fecha desc, id desc)
    include (origen, emisor, tipo, serie, numero)`.execute(db);
  await sql`drop index blobs_pack`.execute(db);
  await sql`delete from documents where quitado_at is not null`.execute(db);
  await sql`drop index documents_removed`.execute(db);
  await sql`drop index documents_received_key`.execute(db);
  await sql`create unique index documents_received_key
    on documents (cliente_doc, emisor, tipo, serie, numero) where origen <> 'emisor'`.execute(db);
  await sql`alter table documents drop constraint documents_quitado_check,
    drop column quitado_por, drop column quitado_at`.execute(db);
}
