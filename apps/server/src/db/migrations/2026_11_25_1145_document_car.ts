import { sql, type Kysely } from 'kysely';

/**
 * SUNAT's CAR of every document (issuer RUC + type + series + number, padded
 * as Tabla 7 says): the key a SIRE proposal names documents by, whatever way
 * the document came in. Rows stored before this migration get theirs from the
 * CAR backfill, which walks them by id through the partial index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table documents add column car char(27)`.execute(db);
  // Not unique: a copy a receiver adds itself may share the CAR of a published one.
  await sql`create index documents_car on documents (car)`.execute(db);
  await sql`create index documents_car_pendiente on documents (id) where car is null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_car_pendiente`.execute(db);
  await sql`drop index documents_car`.execute(db);
  await sql`alter table documents drop column car`.execute(db);
}
