import type { Kysely } from 'kysely';
import { newPasswordColumns } from '../../auth/session-version.js';
import type { Database, ReceiverRow } from '../../db/types.js';

/** Receiver accounts ("Consulta para empresas"). */
export class ReceiversRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(receiverRuc: string): Promise<ReceiverRow | undefined> {
    return this.db
      .selectFrom('clients')
      .selectAll()
      .where('documento', '=', receiverRuc)
      .executeTakeFirst();
  }

  /**
   * Inserts unless the account exists (never overwrites); answers the new
   * account's session version, or undefined when it inserted nothing.
   */
  async insert(
    receiverRuc: string,
    nombres: string,
    passwordHash: string,
    now: Date,
  ): Promise<number | undefined> {
    const row = await this.db
      .insertInto('clients')
      .values({
        documento: receiverRuc,
        nombres,
        password_hash: passwordHash,
        password_changed_at: now,
      })
      .onConflict((oc) => oc.column('documento').doNothing())
      .returning('session_version')
      .executeTakeFirst();
    return row?.session_version;
  }

  /**
   * Sets a new password and ends every session opened before it; answers the
   * account's new session version, or undefined when nothing was updated. With
   * `replaces`, only if the account is still at that session version, so a
   * reset link cannot be used twice, even by two requests at once.
   */
  async setPassword(
    receiverRuc: string,
    passwordHash: string,
    now: Date,
    replaces?: number,
  ): Promise<number | undefined> {
    let update = this.db
      .updateTable('clients')
      .set(newPasswordColumns(passwordHash, now))
      .where('documento', '=', receiverRuc);
    if (replaces !== undefined) update = update.where('session_version', '=', replaces);
    const row = await update.returning('session_version').executeTakeFirst();
    return row?.session_version;
  }
}
