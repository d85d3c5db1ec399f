import type { Kysely } from 'kysely';

/**
 * What several instances on one PostgreSQL share: the files themselves (the
 * `postgres` file driver, one row per SHA-256) and settings generated once,
 * such as the token key.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_contents')
    .addColumn('hash', 'char(64)', (col) => col.primaryKey())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('file_contents').execute();
}
