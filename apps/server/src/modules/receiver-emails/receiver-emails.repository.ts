import type { Kysely } from 'kysely';
import type { Database, ReceiverEmailRow } from '../../db/types.js';

/** A receiver's e-mail addresses and whether each was confirmed. */
export class ReceiverEmailsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(receiverRuc: string): Promise<ReceiverEmailRow[]> {
    return this.db
      .selectFrom('client_emails')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .orderBy('id')
      .execute();
  }

  async count(receiverRuc: string): Promise<number> {
    const row = await this.db
      .selectFrom('client_emails')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('cliente_doc', '=', receiverRuc)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async confirmed(
    receiverRuc: string,
    db: Kysely<Database> = this.db,
  ): Promise<Pick<ReceiverEmailRow, 'address' | 'language'>[]> {
    return db
      .selectFrom('client_emails')
      .select(['address', 'language'])
      .where('cliente_doc', '=', receiverRuc)
      .where('confirmed_at', 'is not', null)
      .orderBy('id')
      .execute();
  }

  /** Adds an unconfirmed address; an address the account already has is answered as is. */
  async add(
    receiverRuc: string,
    address: string,
    language: string,
    db: Kysely<Database> = this.db,
  ): Promise<ReceiverEmailRow> {
    const inserted = await db
      .insertInto('client_emails')
      .values({ cliente_doc: receiverRuc, address, language })
      // The only unique key besides the generated id is (account, lower(address)).
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted !== undefined) return inserted;
    return db
      .selectFrom('client_emails')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .where((eb) => eb(eb.fn('lower', [eb.ref('address')]), '=', address.toLowerCase()))
      .executeTakeFirstOrThrow();
  }

  async find(id: number): Promise<ReceiverEmailRow | undefined> {
    return this.db.selectFrom('client_emails').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks the address confirmed; answers whether it was not confirmed before. */
  async confirm(id: number, now: Date, db: Kysely<Database> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('client_emails')
      .set({ confirmed_at: now })
      .where('id', '=', id)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async remove(receiverRuc: string, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('client_emails')
      .where('id', '=', id)
      .where('cliente_doc', '=', receiverRuc)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
