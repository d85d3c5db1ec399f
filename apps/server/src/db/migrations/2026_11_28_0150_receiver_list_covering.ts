import { sql, type Kysely } from 'kysely';

/*
 * The receiver's list counts its matches up to a cap on every page. Walking the
 * date index and fetching each row to test the access rule (origin, issuer, and
 * the key of a received copy) read one heap page per document: 10 000 of them
 * for a large receiver. With those columns in the index the count is an
 * index-only scan of about a hundred pages.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_receiver_fecha`.execute(db);
  await sql`create index documents_receiver_fecha on documents (cliente_doc, fecha desc, id desc)
    include (origen, emisor, tipo, serie, numero)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_receiver_fecha`.execute(db);
  await sql`create index documents_receiver_fecha on documents (cliente_doc, fecha desc, id desc)`.execute(
    db,
  );
}
