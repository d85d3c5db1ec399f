import { sql, type Kysely } from 'kysely';

/**
 * Documents a receiver adds itself (uploads, mail) beside those issuers
 * publish: `origen` says the way in. A published document stays unique by its
 * key, as publishing and the consultation need; a received copy is unique per
 * receiver, so the copy one receiver added never collides with what an issuer
 * publishes later, nor with another account's upload of the same key.
 * `copia_distinta` keeps the hash of a later copy whose bytes differed from
 * this one: it is kept as evidence, never in place of the held copy. The
 * issuer of a received copy need not publish here, so the issuer is no longer
 * bound to an issuer account (publishing checks its own issuer).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents
    add column origen varchar(6) not null default 'emisor'
      check (origen in ('emisor', 'carga', 'correo')),
    add column copia_distinta char(64),
    drop constraint documents_emisor_fkey`.execute(db);
  await sql`drop index documents_key`.execute(db);
  await sql`create unique index documents_key on documents (emisor, tipo, serie, numero)
    where origen = 'emisor'`.execute(db);
  await sql`create unique index documents_received_key
    on documents (cliente_doc, emisor, tipo, serie, numero) where origen <> 'emisor'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from documents where origen <> 'emisor'`.execute(db);
  await sql`drop index documents_received_key`.execute(db);
  await sql`drop index documents_key`.execute(db);
  await sql`create unique index documents_key on documents (emisor, tipo, serie, numero)`.execute(
    db,
  );
  await sql`alter table documents drop column copia_distinta, drop column origen,
    add constraint documents_emisor_fkey foreign key (emisor) references companies (ruc)`.execute(
    db,
  );
}
