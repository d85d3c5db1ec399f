import { sql, type Kysely } from 'kysely';

/**
 * Reconciliations of SIRE's purchase-register proposal: one per account and
 * proposal file (the same file imported again updates it), each proposed row
 * with the group it fell in; and what each document remembers of SIRE.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reconciliations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.notNull().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('periodo', 'char(6)', (col) => col.notNull())
    .addColumn('origen', 'varchar(8)', (col) => col.notNull())
    .addColumn('estado', 'varchar(12)', (col) => col.notNull())
    .addColumn('etapa', 'text')
    .addColumn('mensaje', 'text')
    // The proposal as received; null while SIRE has not delivered it yet.
    .addColumn('archivo_nombre', 'text')
    .addColumn('archivo_hash', 'char(64)')
    .addColumn('filas', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('procesadas', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('resumen', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('filas_con_error', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('errores', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reconciliations_receiver')
    .on('reconciliations')
    .columns(['cliente_doc', 'id'])
    .execute();
  // The same proposal imported twice is the same reconciliation.
  await db.schema
    .createIndex('reconciliations_file')
    .on('reconciliations')
    .columns(['cliente_doc', 'archivo_hash'])
    .unique()
    .where(sql.ref('archivo_hash'), 'is not', null)
    .execute();

  await db.schema
    .createTable('reconciliation_items')
    .addColumn('reconciliation_id', 'integer', (col) =>
      col.notNull().references('reconciliations.id').onDelete('cascade'),
    )
    .addColumn('linea', 'integer', (col) => col.notNull())
    .addColumn('car', 'char(27)', (col) => col.notNull())
    .addColumn('grupo', 'varchar(20)', (col) => col.notNull())
    .addColumn('tipo', 'varchar(2)', (col) => col.notNull())
    .addColumn('serie', 'varchar(20)', (col) => col.notNull())
    .addColumn('numero', 'varchar(20)', (col) => col.notNull())
    .addColumn('emisor', 'varchar(20)', (col) => col.notNull())
    .addColumn('emisor_nombre', 'text', (col) => col.notNull())
    .addColumn('fecha', 'date', (col) => col.notNull())
    .addColumn('moneda', 'char(3)', (col) => col.notNull())
    .addColumn('total_sire', 'numeric(16, 2)', (col) => col.notNull())
    .addColumn('base_sire', 'numeric(16, 2)', (col) => col.notNull())
    .addColumn('igv_sire', 'numeric(16, 2)', (col) => col.notNull())
    .addColumn('total_sufel', 'numeric(18, 2)')
    .addColumn('base_sufel', 'numeric(18, 2)')
    .addColumn('igv_sufel', 'numeric(18, 2)')
    .addColumn('document_id', 'integer', (col) =>
      col.references('documents.id').onDelete('set null'),
    )
    .addColumn('motivo', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('reconciliation_items_pk', ['reconciliation_id', 'linea'])
    .execute();
  // A group's rows in file order, paged by line.
  await db.schema
    .createIndex('reconciliation_items_group')
    .on('reconciliation_items')
    .columns(['reconciliation_id', 'grupo', 'linea'])
    .execute();
  // A CAR already in another proposal of the period is a duplicate.
  await db.schema
    .createIndex('reconciliation_items_car')
    .on('reconciliation_items')
    .columns(['car', 'reconciliation_id'])
    .execute();

  // The first period a document was proposed in, and the periods whose files for SIRE excluded or added it.
  await sql`alter table documents
    add column sire_periodo char(6),
    add column sire_excluido char(6),
    add column sire_complementado char(6)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table documents
    drop column sire_periodo, drop column sire_excluido, drop column sire_complementado`.execute(
    db,
  );
  await db.schema.dropTable('reconciliation_items').execute();
  await db.schema.dropTable('reconciliations').execute();
}
