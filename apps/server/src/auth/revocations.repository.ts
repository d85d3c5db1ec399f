import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';

/** Tokens ended before their expiry (logout); rows go once the token would have expired anyway. */
export class RevocationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isRevoked(jti: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('revoked_tokens')
      .select('jti')
      .where('jti', '=', jti)
      .executeTakeFirst();
    return row !== undefined;
  }

  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('revoked_tokens')
      .values({ jti, expires_at: expiresAt })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute();
  }

  async purgeExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('revoked_tokens')
      .where('expires_at', '<', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
