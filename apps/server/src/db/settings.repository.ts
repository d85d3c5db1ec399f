import type { Kysely } from 'kysely';
import type { Database } from './types.js';

/** Values generated once and then shared by every instance on the database. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored value; the first caller's `generate()` wins when several start at once. */
  async getOrCreate(name: string, generate: () => string): Promise<string> {
    await this.db
      .insertInto('settings')
      .values({ name, value: generate() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
