import { sql, type Kysely } from 'kysely';

/**
 * What each document's CDR says of it (aceptado, observado, rechazado, error,
 * de_otro), so lists, exports and notices judge a document without reading its
 * CDR. Rows stored before keep it null until the backfill reads their CDR.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents add column cdr_respuesta varchar(9)`.execute(db);
  await sql`create index documents_cdr_pendiente on documents (id)
    where cdr_hash is not null and cdr_respuesta is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_cdr_pendiente`.execute(db);
  await sql`alter table documents drop column cdr_respuesta`.execute(db);
}
