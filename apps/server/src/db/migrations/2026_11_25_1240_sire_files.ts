import type { Kysely } from 'kysely';

/**
 * The last sequence (NN) of each kind of file for SIRE per account and
 * period: SIRE refuses a file name it already received.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sire_files')
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.notNull().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('periodo', 'char(6)', (col) => col.notNull())
    .addColumn('archivo', 'varchar(8)', (col) => col.notNull())
    .addColumn('secuencia', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sire_files_pk', ['cliente_doc', 'periodo', 'archivo'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sire_files').execute();
}
