import { sql, type Kysely } from 'kysely';

/**
 * The number part as the issuer printed it ("00000230"), from the XML's
 * cbc:ID: `numero` drops the leading zeros so that any form of it matches, and
 * the printed form cannot be rebuilt from it. Rows stored before this
 * migration keep it null until the backfill reads their XML.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents add column numero_impreso varchar(10)`.execute(db);
  // The backfill walks the rows still unread by id; this index shrinks as it goes.
  await sql`create index documents_numero_impreso_pendiente on documents (id) where numero_impreso is null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_numero_impreso_pendiente`.execute(db);
  await sql`alter table documents drop column numero_impreso`.execute(db);
}
