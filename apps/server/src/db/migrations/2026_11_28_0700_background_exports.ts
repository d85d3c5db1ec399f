import { sql, type Kysely } from 'kysely';

/**
 * A ZIP too large to build while the browser waits is built by a job, in
 * parts of a few MiB kept in the file store (`parts`, in order), and offered
 * for download until `expires_at`. `filter` is the export's filter as the
 * list takes it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table background_exports (
    id serial primary key,
    receiver_ruc varchar(20) not null,
    filter jsonb not null,
    file_name text not null,
    state text not null default 'preparing'
      check (state in ('preparing', 'ready', 'failed')),
    documents integer not null,
    done integer not null default 0,
    size bigint not null default 0,
    parts text[] not null default '{}',
    failure text,
    created_at timestamptz not null default now(),
    finished_at timestamptz,
    expires_at timestamptz
  )`.execute(db);
  await sql`create index background_exports_receiver
    on background_exports (receiver_ruc, id desc)`.execute(db);
  await sql`create index background_exports_expires
    on background_exports (expires_at) where expires_at is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table background_exports`.execute(db);
}
