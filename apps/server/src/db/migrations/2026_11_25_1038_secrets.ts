import { sql, type Kysely } from 'kysely';

/** Secrets of accounts, sealed (AES-256-GCM) under SECRETS_KEY, which is never stored here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('secrets')
    .addColumn('name', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('sealed', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('secrets').execute();
}
