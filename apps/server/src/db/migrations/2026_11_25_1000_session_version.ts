import type { Kysely } from 'kysely';

/*
 * Every password change raises the account's session version, and a token
 * carries the version it was issued under: a session opened before the change
 * ends with it, even within the same second.
 */
const ACCOUNTS = ['clients', 'companies'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ACCOUNTS) {
    await db.schema
      .alterTable(table)
      .addColumn('session_version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ACCOUNTS) {
    await db.schema.alterTable(table).dropColumn('session_version').execute();
  }
}
