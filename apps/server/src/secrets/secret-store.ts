import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { SecretBox } from './secret-box.js';

/** With a database server and no SECRETS_KEY, nothing can be sealed or opened. */
export class SecretKeyMissingError extends Error {
  constructor() {
    super('SECRETS_KEY is not set: secrets cannot be stored or read');
    this.name = 'SecretKeyMissingError';
  }
}

/**
 * Secrets of accounts (credentials for outside services), sealed with the
 * secret box and kept by name, e.g. `sunat:20100000001`. The plain value only
 * ever exists in memory, in the call that needs it; it is never returned by the
 * API nor written to a log.
 */
export class SecretStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox | null,
  ) {}

  /** False with a database server and no SECRETS_KEY. */
  get available(): boolean {
    return this.box !== null;
  }

  async put(db: Kysely<Database>, name: string, value: string, now: Date): Promise<void> {
    const sealed = this.requireBox().seal(value, name);
    await db
      .insertInto('secrets')
      .values({ name, sealed, updated_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ sealed, updated_at: now }))
      .execute();
  }

  /** The plain value; null when none is stored. Throws SecretUnreadableError when it cannot be opened. */
  async get(name: string, db: Kysely<Database> = this.db): Promise<string | null> {
    const row = await db
      .selectFrom('secrets')
      .select('sealed')
      .where('name', '=', name)
      .executeTakeFirst();
    if (row === undefined) return null;
    return this.requireBox().open(row.sealed, name);
  }

  async delete(db: Kysely<Database>, name: string): Promise<void> {
    await db.deleteFrom('secrets').where('name', '=', name).execute();
  }

  /**
   * Seals a value a module keeps in a table of its own (a short-lived token
   * beside its expiry); `name` must be the same to open it.
   */
  seal(name: string, value: string): string {
    return this.requireBox().seal(value, name);
  }

  open(name: string, sealed: string): string {
    return this.requireBox().open(sealed, name);
  }

  /** How many stored secrets the current key cannot open because another key sealed them. */
  async sealedUnderOtherKeys(): Promise<number> {
    const box = this.requireBox();
    const row = await this.db
      .selectFrom('secrets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('sealed', 'not like', `v1.${box.keyId}.%`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private requireBox(): SecretBox {
    if (this.box === null) throw new SecretKeyMissingError();
    return this.box;
  }
}

/** How many secrets the database holds, whatever key sealed them. */
export async function countStoredSecrets(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('secrets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
