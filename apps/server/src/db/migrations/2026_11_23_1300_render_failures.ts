import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('render_failures')
    .addColumn('document_id', 'integer', (col) =>
      col.primaryKey().references('documents.id').onDelete('cascade'),
    )
    .addColumn('budget_ms', 'integer', (col) => col.notNull())
    .addColumn('reason', 'varchar(16)', (col) => col.notNull())
    .addColumn('failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('render_failures').execute();
}
