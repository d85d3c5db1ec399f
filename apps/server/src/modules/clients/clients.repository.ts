import type { Kysely } from 'kysely';
import type { ClientRow, Database } from '../../db/types.js';

/** Receiver accounts ("Consulta para empresas"). */
export class ClientsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(documento: string): Promise<ClientRow | undefined> {
    return this.db
      .selectFrom('clients')
      .selectAll()
      .where('documento', '=', documento)
      .executeTakeFirst();
  }

  /** Inserts unless the account exists (never overwrites); answers whether it inserted. */
  async insert(
    documento: string,
    nombres: string,
    passwordHash: string,
    now: Date,
  ): Promise<boolean> {
    const row = await this.db
      .insertInto('clients')
      .values({ documento, nombres, password_hash: passwordHash, password_changed_at: now })
      .onConflict((oc) => oc.column('documento').doNothing())
      .returning('documento')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Sets a new password and ends every session opened before it. With
   * `replaces`, only if the current password was set at that time, so a reset
   * link cannot be used twice, even by two requests at once.
   */
  async setPassword(
    documento: string,
    passwordHash: string,
    now: Date,
    replaces?: Date,
  ): Promise<boolean> {
    let update = this.db
      .updateTable('clients')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('documento', '=', documento);
    if (replaces !== undefined) update = update.where('password_changed_at', '=', replaces);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
