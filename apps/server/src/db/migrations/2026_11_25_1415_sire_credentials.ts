import type { Kysely } from 'kysely';

/**
 * Each receiver's SIRE credentials: what may be shown (the client id, masked,
 * and the SOL user) and what SUNAT last said of them; the client secret and
 * the SOL password are sealed in `secrets`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sire_credentials')
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.primaryKey().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('client_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('usuario_sol', 'varchar(20)', (col) => col.notNull())
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull())
    // SUNAT issued a token with them.
    .addColumn('last_used_at', 'timestamptz')
    // SUNAT refused them: downloads stop until they are entered again.
    .addColumn('refused_at', 'timestamptz')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sire_credentials').execute();
}
