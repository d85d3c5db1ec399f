import { sql, type Kysely } from 'kysely';

/*
 * The receiver's list also sorts by issuer, type and series-number; it is paged
 * by key at any depth, so each order needs its own index led by the receiver.
 * Scanned backwards, each serves both directions.
 */
const INDEXES = {
  documents_receiver_emisor: sql`cliente_doc, emisor_nombre, id`,
  documents_receiver_tipo: sql`cliente_doc, tipo, id`,
  documents_receiver_numero: sql`cliente_doc, serie, numero, id`,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(name).on('documents').expression(columns).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(INDEXES)) {
    await db.schema.dropIndex(name).execute();
  }
}
