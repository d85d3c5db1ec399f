import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.js';
import { carOfDocument } from '../../src/modules/documents/document-car.js';

export interface DocumentData {
  emisor: string;
  tipo: string;
  serie: string;
  numero: number;
  /** `YYYY-MM-DD`. */
  fecha: string;
  total: string;
}

export interface StoredDocument extends DocumentData {
  id: number;
}

/**
 * Document rows of a receiver, stored directly (their issuers with them), for
 * tests and benchmarks that need many documents and none of their files.
 */
export async function storeDocuments(
  db: Kysely<Database>,
  receiver: string,
  documents: readonly DocumentData[],
): Promise<StoredDocument[]> {
  const issuers = [...new Set(documents.map((document) => document.emisor))];
  if (issuers.length === 0) return [];
  await db
    .insertInto('companies')
    .values(issuers.map((ruc) => ({ ruc, nombre: `EMISOR ${ruc}`, password_hash: 'x' })))
    .onConflict((oc) => oc.column('ruc').doNothing())
    .execute();
  await db
    .insertInto('client_issuers')
    .values(issuers.map((emisor) => ({ cliente_doc: receiver, emisor })))
    .onConflict((oc) => oc.columns(['cliente_doc', 'emisor']).doNothing())
    .execute();
  const stored: StoredDocument[] = [];
  for (let start = 0; start < documents.length; start += 1000) {
    const rows = await db
      .insertInto('documents')
      .values(
        documents.slice(start, start + 1000).map((document) => ({
          ...document,
          car: carOfDocument(document),
          emisor_nombre: `EMISOR ${document.emisor}`,
          moneda: 'PEN',
          cliente_tipo: '6',
          cliente_doc: receiver,
          cliente_nombre: `CLIENTE ${receiver}`,
          xml_hash: '0'.repeat(64),
        })),
      )
      .returning(['id', 'emisor', 'tipo', 'serie', 'numero', 'fecha', 'total'])
      .execute();
    stored.push(...rows);
  }
  return stored;
}
