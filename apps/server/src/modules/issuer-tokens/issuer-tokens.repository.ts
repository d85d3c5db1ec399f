import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface IssuerTokenRow {
  id: number;
  nombre: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** The token a request presented, with the issuer it opens. */
export interface PresentedToken {
  id: number;
  ruc: string;
  last_used_at: Date | null;
}

/** Issuers' API tokens, found by the SHA-256 of their text. */
export class IssuerTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(ruc: string, nombre: string, tokenHash: string, now: Date): Promise<IssuerTokenRow> {
    return this.db
      .insertInto('company_tokens')
      .values({ ruc, nombre, token_hash: tokenHash, created_at: now })
      .returning(['id', 'nombre', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
  }

  async count(ruc: string): Promise<number> {
    const row = await this.db
      .selectFrom('company_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ruc', '=', ruc)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(ruc: string): Promise<IssuerTokenRow[]> {
    return this.db
      .selectFrom('company_tokens')
      .select(['id', 'nombre', 'created_at', 'last_used_at'])
      .where('ruc', '=', ruc)
      .orderBy('id')
      .execute();
  }

  /** Answers whether the issuer had that token. */
  async delete(ruc: string, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('company_tokens')
      .where('ruc', '=', ruc)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The token with this hash, if it exists and its issuer is enabled. */
  async findUsable(tokenHash: string): Promise<PresentedToken | undefined> {
    return this.db
      .selectFrom('company_tokens as t')
      .innerJoin('companies as c', 'c.ruc', 't.ruc')
      .select(['t.id', 't.ruc', 't.last_used_at'])
      .where('t.token_hash', '=', tokenHash)
      .where('c.habilitado', '=', true)
      .executeTakeFirst();
  }

  /**
   * Records a use unless one was recorded within `staleAfterMs`: instances
   * racing for the same token write it once.
   */
  async touch(id: number, now: Date, staleAfterMs: number): Promise<void> {
    const before = new Date(now.getTime() - staleAfterMs);
    await this.db
      .updateTable('company_tokens')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', before)]))
      .execute();
  }
}
