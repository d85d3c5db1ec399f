import { sql, type Kysely } from 'kysely';
import { createIndex, type IndexDefinition } from '../online-indexes.js';

/**
 * The receiver's list filtered by type, issuer, number or how the documents
 * came in, read by key: each filter an accountant uses leads an index after
 * the receiver, so a filter that matches few documents, or none, is answered
 * from the entries that match instead of walking every document of the
 * receiver. The type's index replaces the one the type sort used: ordered by
 * type then date, it serves both; the series' index replaces the number
 * sort's. The entries carry what the access rule reads, so choosing a page
 * and counting it stay index-only.
 *
 * `npm run sufel -- indexes build` builds these without blocking publishing,
 * before the new version starts; the migration then finds them built.
 */
export const INDEXES: readonly IndexDefinition[] = [
  {
    name: 'documents_receiver_tipo_fecha',
    definition: sql`on documents (cliente_doc, tipo, fecha desc, id desc)
      include (origen, emisor, serie, numero, quitado_at)`,
  },
  {
    name: 'documents_receiver_emisor_fecha',
    definition: sql`on documents (cliente_doc, emisor, fecha desc, id desc)
      include (origen, tipo, serie, numero, quitado_at)`,
  },
  {
    name: 'documents_receiver_serie',
    definition: sql`on documents (cliente_doc, serie, numero, id)
      include (fecha, origen, emisor, tipo, quitado_at)`,
  },
  {
    name: 'documents_receiver_correlativo',
    definition: sql`on documents (cliente_doc, numero)`,
  },
  {
    name: 'documents_receiver_copias',
    definition: sql`on documents (cliente_doc, fecha desc, id desc)
      include (origen, emisor, tipo, serie, numero, quitado_at) where origen <> 'emisor'`,
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) await createIndex(db, index, { concurrently: false });
  await sql`drop index if exists documents_receiver_tipo`.execute(db);
  await sql`drop index if exists documents_receiver_numero`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index documents_receiver_tipo on documents (cliente_doc, tipo, id)`.execute(db);
  await sql`create index documents_receiver_numero on documents (cliente_doc, serie, numero, id)`.execute(
    db,
  );
  for (const { name } of INDEXES) await sql`drop index ${sql.id(name)}`.execute(db);
}
