import { sql, type Kysely, type RawBuilder } from 'kysely';

/** An index a migration adds, in a form that can also be built ahead of it. */
export interface IndexDefinition {
  name: string;
  /** What follows `create index <name>`: the table, its columns, any predicate. */
  definition: RawBuilder<unknown>;
}

export type IndexOutcome = 'built' | 'present';

/**
 * Creates the index unless a valid one of that name exists. A build that was
 * interrupted leaves an invalid index behind, which is dropped and built
 * again. `concurrently` builds it without blocking writes to the table (and
 * outside any transaction), for a large table on a database in use.
 */
export async function createIndex(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  index: IndexDefinition,
  options: { concurrently: boolean },
): Promise<IndexOutcome> {
  const { rows } = await sql<{ valid: boolean }>`
    select pg_index.indisvalid as valid
    from pg_index join pg_class on pg_class.oid = pg_index.indexrelid
    where pg_class.relname = ${index.name} and pg_class.relnamespace = current_schema()::regnamespace`.execute(
    db,
  );
  if (rows[0]?.valid === true) return 'present';
  const mode = sql.raw(options.concurrently ? 'concurrently ' : '');
  if (rows[0] !== undefined) await sql`drop index ${mode}${sql.id(index.name)}`.execute(db);
  await sql`create index ${mode}${sql.id(index.name)} ${index.definition}`.execute(db);
  return 'built';
}
