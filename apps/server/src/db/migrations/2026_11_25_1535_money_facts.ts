import { sql, type Kysely } from 'kysely';

const COLUMNS: readonly (readonly [string, string])[] = [
  ['forma_pago', 'varchar(7)'],
  ['cuotas', 'integer not null default 0'],
  ['detraccion', 'boolean not null default false'],
  ['detraccion_codigo', 'varchar(3)'],
  // Unconstrained numerics keep whatever decimals the issuer declared.
  ['detraccion_porcentaje', 'numeric'],
  ['detraccion_monto', 'numeric'],
  ['detraccion_cuenta', 'varchar(40)'],
  ['detraccion_medio', 'varchar(3)'],
  ['percepcion_codigo', 'varchar(2)'],
  ['percepcion_monto', 'numeric'],
  ['retencion_monto', 'numeric'],
  ['dinero_leido', 'boolean not null default false'],
];

/**
 * The money a receiver must act on, read from the XML at publish so lists can
 * filter on it: detracción, percepción, the IGV retention declared, the
 * payment form, and each instalment with its due date. Rows stored before keep
 * `dinero_leido` false until the backfill reads their XML.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const columns = COLUMNS.map(([name, type]) => sql`add column ${sql.ref(name)} ${sql.raw(type)}`);
  await sql`alter table documents ${sql.join(columns)}`.execute(db);
  await sql`create index documents_dinero_pendiente on documents (id) where not dinero_leido`.execute(
    db,
  );
  // Few of a receiver's documents match these filters: each has its own index, in list order.
  await sql`create index documents_receiver_detraccion on documents (cliente_doc, fecha, id) where detraccion`.execute(
    db,
  );
  await sql`create index documents_receiver_credito on documents (cliente_doc, fecha, id) where forma_pago = 'Credito'`.execute(
    db,
  );
  await db.schema
    .createTable('document_installments')
    .addColumn('document_id', 'integer', (c) =>
      c.notNull().references('documents.id').onDelete('cascade'),
    )
    .addColumn('cuota', 'integer', (c) => c.notNull())
    .addColumn('identificador', 'varchar(40)', (c) => c.notNull())
    .addColumn('monto', 'numeric', (c) => c.notNull())
    .addColumn('vence', 'date')
    .addPrimaryKeyConstraint('document_installments_pk', ['document_id', 'cuota'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_installments').execute();
  for (const name of [
    'documents_receiver_credito',
    'documents_receiver_detraccion',
    'documents_dinero_pendiente',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await sql`alter table documents ${sql.join(COLUMNS.map(([name]) => sql`drop column ${sql.ref(name)}`))}`.execute(
    db,
  );
}
