import { sql, type Kysely } from 'kysely';

/**
 * The outcome of checking each document's XML signature at publish. Rows
 * stored before this migration keep `firma_estado` null until the verify
 * backfill checks their XML.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents
    add column firma_estado varchar(8),
    add column firma_firmante text,
    add column firma_ruc varchar(11),
    add column firma_desde timestamptz,
    add column firma_hasta timestamptz,
    add column firma_en_vigencia boolean`.execute(db);
  // The backfill walks the rows still unchecked by id; this index shrinks as it goes.
  await sql`create index documents_firma_pendiente on documents (id) where firma_estado is null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_firma_pendiente`.execute(db);
  await sql`alter table documents
    drop column firma_estado,
    drop column firma_firmante,
    drop column firma_ruc,
    drop column firma_desde,
    drop column firma_hasta,
    drop column firma_en_vigencia`.execute(db);
}
