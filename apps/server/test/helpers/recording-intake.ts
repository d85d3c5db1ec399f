import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types.js';
import type {
  IntakeOutcome,
  PreparedIntake,
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

  prepare(receiverRuc: string, files: readonly ReceivedFile[]): Promise<PreparedIntake> {
    const call = {
      receiverRuc,
      files: files.map((file) => ({ name: file.name, text: Buffer.from(file.bytes).toString() })),
    };
    if (this.failWith !== null) {
      this.calls.push({ ...call, origin: 'correo' });
      return Promise.reject(this.failWith());
    }
    return Promise.resolve({
      store: (_trx: Kysely<Database>, origin: 'correo') => {
        this.calls.push({ ...call, origin });
        return Promise.resolve(
          files.map((file): IntakeOutcome =>
            file.name.includes(REFUSED_NAME)
              ? { archivo: file.name, estado: 'rechazado', motivo: REFUSED_REASON }
              : { archivo: file.name, estado: 'agregado', motivo: null, id: this.nextId++ },
          ),
        );
      },
    });
  }
}
