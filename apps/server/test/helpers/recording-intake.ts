import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.js';
import type {
  IntakeOutcome,
  ReceivedDocumentsIntake,
  ReceivedFile,
} from '../../src/modules/inbox/received-intake.js';

export interface IntakeCall {
  receiverRuc: string;
  files: { name: string; text: string }[];
  origin: string;
}

/** A file name that the recording intake answers as not addressed to the account. */
export const REFUSED_NAME = 'ajeno';
export const REFUSED_REASON = 'no está dirigido a su RUC';

/**
 * Stands where the upload pipeline will: it records every call and answers
 * `agregado` for each file (`rechazado` when the name says `ajeno`), writing
 * nothing. `failWith` makes the next calls throw, as a store that is down would.
 */
export class RecordingIntake implements ReceivedDocumentsIntake {
  readonly calls: IntakeCall[] = [];
  failWith: (() => Error) | null = null;
  private nextId = 1;

  add(
    _trx: Kysely<Database>,
    receiverRuc: string,
    files: readonly ReceivedFile[],
    origin: 'correo',
  ): Promise<IntakeOutcome[]> {
    this.calls.push({
      receiverRuc,
      origin,
      files: files.map((file) => ({ name: file.name, text: Buffer.from(file.bytes).toString() })),
    });
    if (this.failWith !== null) return Promise.reject(this.failWith());
    return Promise.resolve(
      files.map((file) =>
        file.name.includes(REFUSED_NAME)
          ? { archivo: file.name, estado: 'rechazado', motivo: REFUSED_REASON }
          : { archivo: file.name, estado: 'agregado', motivo: null, id: this.nextId++ },
      ),
    );
  }
}
