import { sql, type Kysely } from 'kysely';

/** Jobs someone waits for (a check asked for now) go ahead of a long batch. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'smallint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('jobs_claim')
    .on('jobs')
    .expression(sql`priority desc, run_at, id`)
    .where(sql.ref('state'), 'in', sql`('queued', 'running')`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_claim').execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
}
