import { sql, type Kysely } from 'kysely';

// Migrations are frozen: they take Kysely<any> so later type changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('ruc', 'char(11)', (col) => col.primaryKey())
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('habilitado', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('password_changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('clients')
    .addColumn('documento', 'varchar(15)', (col) => col.primaryKey())
    .addColumn('nombres', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('password_changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('emisor', 'char(11)', (col) => col.notNull().references('companies.ruc'))
    .addColumn('emisor_nombre', 'text', (col) => col.notNull())
    .addColumn('tipo', 'char(2)', (col) => col.notNull())
    .addColumn('serie', 'varchar(4)', (col) => col.notNull())
    .addColumn('numero', 'integer', (col) =>
      col.notNull().check(sql`numero between 1 and 99999999`),
    )
    .addColumn('fecha', 'date', (col) => col.notNull())
    .addColumn('total', 'numeric(18, 2)', (col) => col.notNull().check(sql`total >= 0`))
    .addColumn('moneda', 'char(3)', (col) => col.notNull())
    .addColumn('cliente_tipo', 'varchar(1)', (col) => col.notNull())
    .addColumn('cliente_doc', 'varchar(20)', (col) => col.notNull())
    .addColumn('cliente_nombre', 'text', (col) => col.notNull())
    .addColumn('baja', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('baja_at', 'timestamptz')
    .addColumn('xml_hash', 'char(64)', (col) => col.notNull())
    .addColumn('pdf_hash', 'char(64)')
    .addColumn('pdf_generated', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('cdr_hash', 'char(64)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_access_at', 'timestamptz')
    .execute();
  // Reads touch last_access_at on every view; free space per page keeps those
  // updates HOT (no index maintenance).
  await sql`alter table documents set (fillfactor = 90)`.execute(db);

  // The consultation key, and what makes publishing idempotent.
  await db.schema
    .createIndex('documents_key')
    .on('documents')
    .columns(['emisor', 'tipo', 'serie', 'numero'])
    .unique()
    .execute();
  // A receiver's documents, newest first, paged by key.
  await db.schema
    .createIndex('documents_receiver_fecha')
    .on('documents')
    .expression(sql`cliente_doc, fecha desc, id desc`)
    .execute();
  await db.schema
    .createIndex('documents_receiver_total')
    .on('documents')
    .expression(sql`cliente_doc, total desc, id desc`)
    .execute();
  // An issuer's documents by date.
  await db.schema
    .createIndex('documents_issuer_fecha')
    .on('documents')
    .columns(['emisor', 'fecha', 'id'])
    .execute();

  await db.schema
    .createTable('client_issuers')
    .addColumn('cliente_doc', 'varchar(20)', (col) => col.notNull())
    .addColumn('emisor', 'char(11)', (col) => col.notNull().references('companies.ruc'))
    .addPrimaryKeyConstraint('client_issuers_pk', ['cliente_doc', 'emisor'])
    .execute();

  // Stored files by content hash: the pack file holding each one and its byte range.
  await db.schema
    .createTable('blobs')
    .addColumn('hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('pack', 'varchar(80)', (col) => col.notNull())
    .addColumn('position', 'bigint', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['revoked_tokens', 'client_issuers', 'documents', 'clients', 'companies']) {
    await db.schema.dropTable(table).execute();
  }
}
