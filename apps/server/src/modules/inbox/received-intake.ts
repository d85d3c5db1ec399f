import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** A file as a receiver would upload it: an XML document or a ZIP of them. */
export interface ReceivedFile {
  name: string;
  bytes: Uint8Array;
}

/** What became of one file (or one entry of a ZIP), as the upload answers it. */
export interface IntakeOutcome {
  archivo: string;
  estado: 'agregado' | 'duplicado' | 'rechazado';
  /** Why, in Spanish, when not added. */
  motivo: string | null;
  /** The received document, when one was stored or already held. */
  id?: number;
}

/**
 * Where documents received by a receiver enter its archive, the same way an
 * upload does: read, checked, stored with their origin, deduplicated by CAR.
 * `prepare` reads the files and makes their bytes durable outside any
 * transaction (reading takes time, and the file store may use the database);
 * `store` then runs in the caller's transaction, so the documents a mail
 * brought and the mail's log entry commit together: a mail read again after a
 * crash finds neither.
 */
export interface ReceivedDocumentsIntake {
  prepare(receiverRuc: string, files: readonly ReceivedFile[]): Promise<PreparedIntake>;
}

/** Files read and staged, waiting for the transaction that stores them. */
export interface PreparedIntake {
  store(trx: Kysely<Database>, origin: 'correo'): Promise<IntakeOutcome[]>;
}
