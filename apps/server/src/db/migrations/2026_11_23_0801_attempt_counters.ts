import type { Kysely } from 'kysely';

/** Failed-attempt counters shared by every instance (per address and per target). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    // Milliseconds since the epoch, as the limiter's clock reads them.
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_counters_reset_at')
    .on('attempt_counters')
    .column('reset_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attempt_counters').execute();
}
