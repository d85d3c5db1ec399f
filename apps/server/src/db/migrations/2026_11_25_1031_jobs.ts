import { sql, type Kysely } from 'kysely';

/**
 * The durable job queue shared by every instance: work that must not run
 * inside a request (calls to outside services, long batches) is a row here,
 * claimed with FOR UPDATE SKIP LOCKED and held under a lease.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Jobs queued together, so that their progress can be followed as one.
  await db.schema
    .createTable('job_batches')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'varchar(64)', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('state', 'varchar(7)', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('rate_key', 'varchar(100)')
    .addColumn('dedupe_key', 'varchar(200)')
    .addColumn('batch_id', 'bigint', (col) => col.references('job_batches.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    // Queued: when it may run. Running: when its lease ends and another instance may take it.
    .addColumn('run_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['run_at', 'id'])
    .where(sql.ref('state'), 'in', sql`('queued', 'running')`)
    .execute();
  await db.schema
    .createIndex('jobs_dedupe')
    .on('jobs')
    .column('dedupe_key')
    .unique()
    .where(sql.ref('state'), 'in', sql`('queued', 'running')`)
    .execute();
  await db.schema
    .createIndex('jobs_batch')
    .on('jobs')
    .columns(['batch_id', 'state'])
    .where('batch_id', 'is not', null)
    .execute();

  // The next free start time of each rate-limited key, shared by every instance.
  await db.schema
    .createTable('job_rate_limits')
    .addColumn('key', 'varchar(170)', (col) => col.primaryKey())
    .addColumn('next_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_rate_limits').execute();
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('job_batches').execute();
}
