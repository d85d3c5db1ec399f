import { sql, type Kysely } from 'kysely';

/**
 * SUNAT's consulta integrada: each receiver's API credentials (the secret is
 * sealed in `secrets`), the token SUNAT issued for them (shared by every
 * instance), SUNAT's answer per document, and the checks of whole periods.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sunat_credentials')
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.primaryKey().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('client_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull())
    // SUNAT issued a token with them, or answered a query made with one.
    .addColumn('last_used_at', 'timestamptz')
    // SUNAT refused them: checks stop until they are entered again.
    .addColumn('refused_at', 'timestamptz')
    .addColumn('refused_reason', 'text')
    .execute();

  await db.schema
    .createTable('sunat_tokens')
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.primaryKey().references('sunat_credentials.cliente_doc').onDelete('cascade'),
    )
    .addColumn('client_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('sealed', 'text', (col) => col.notNull())
    .addColumn('usable_until', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('document_validity')
    .addColumn('document_id', 'integer', (col) =>
      col.primaryKey().references('documents.id').onDelete('cascade'),
    )
    .addColumn('estado_cp', 'char(1)', (col) => col.notNull())
    .addColumn('estado_ruc', 'varchar(2)')
    .addColumn('cond_domi_ruc', 'varchar(2)')
    .addColumn('observaciones', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('checked_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('validity_checks')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.notNull().references('clients.documento').onDelete('cascade'),
    )
    // Its progress is its batch's; both are forgotten together, a week after it ended.
    .addColumn('batch_id', 'bigint', (col) =>
      col.notNull().references('job_batches.id').onDelete('cascade'),
    )
    .addColumn('start_date', 'date', (col) => col.notNull())
    .addColumn('end_date', 'date', (col) => col.notNull())
    .addColumn('skipped', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('validity_checks_receiver')
    .on('validity_checks')
    .columns(['cliente_doc', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('validity_checks').execute();
  await db.schema.dropTable('document_validity').execute();
  await db.schema.dropTable('sunat_tokens').execute();
  await db.schema.dropTable('sunat_credentials').execute();
}
