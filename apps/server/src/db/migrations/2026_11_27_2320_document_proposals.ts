import { sql, type Kysely } from 'kysely';

/**
 * The first SIRE period whose proposal held each document moves out of
 * `documents` into its own narrow table. Reconciling a proposal marks every
 * document it matches: updating those wide rows wrote a new version of each
 * and an entry in every one of the table's indexes, a third of a large
 * reconciliation's time; a row here costs one small index entry.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_proposals')
    .addColumn('document_id', 'integer', (col) =>
      col.primaryKey().references('documents.id').onDelete('cascade'),
    )
    .addColumn('periodo', 'char(6)', (col) => col.notNull())
    .execute();
  await sql`insert into document_proposals (document_id, periodo)
    select id, sire_periodo from documents where sire_periodo is not null`.execute(db);
  await sql`alter table documents drop column sire_periodo`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table documents add column sire_periodo char(6)`.execute(db);
  await sql`update documents set sire_periodo = p.periodo
    from document_proposals p where p.document_id = documents.id`.execute(db);
  await db.schema.dropTable('document_proposals').execute();
}
