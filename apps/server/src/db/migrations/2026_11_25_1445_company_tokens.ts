import { sql, type Kysely } from 'kysely';

/**
 * Issuers' named API tokens: only the SHA-256 of each is kept, so a copy of
 * the database opens no issuer's API. Deleting a row revokes the token.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_tokens')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ruc', 'char(11)', (col) =>
      col.notNull().references('companies.ruc').onDelete('cascade'),
    )
    .addColumn('nombre', 'varchar(100)', (col) => col.notNull())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('company_tokens_ruc').on('company_tokens').column('ruc').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_tokens').execute();
}
