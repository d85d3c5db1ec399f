import type { Kysely } from 'kysely';
import type { Database, GrantProof, ReceiverVerifier } from '../../db/types.js';

export interface GrantedIssuer {
  ruc: string;
  nombre: string;
  proof: GrantProof;
  grantedAt: Date;
}

/** Which issuers each receiver account may see, and whether its RUC is verified. */
export class ReceiverAccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Grants the account an issuer's documents; answers whether it was new. */
  async grant(
    receiverRuc: string,
    emisor: string,
    proof: GrantProof,
    at: Date,
    db: Kysely<Database> = this.db,
  ): Promise<boolean> {
    const row = await db
      .insertInto('receiver_grants')
      .values({ cliente_doc: receiverRuc, emisor, proof, granted_at: at })
      .onConflict((oc) => oc.columns(['cliente_doc', 'emisor']).doNothing())
      .returning('emisor')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Marks the account verified unless it already was; answers whether it was not. */
  async verify(receiverRuc: string, by: ReceiverVerifier, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('clients')
      .set({ verified_by: by, verified_at: at })
      .where('documento', '=', receiverRuc)
      .where('verified_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The issuers granted to the account, by name. */
  async grants(receiverRuc: string): Promise<GrantedIssuer[]> {
    const rows = await this.db
      .selectFrom('receiver_grants')
      .leftJoin('companies', 'companies.ruc', 'receiver_grants.emisor')
      .select([
        'receiver_grants.emisor',
        'companies.nombre',
        'receiver_grants.proof',
        'receiver_grants.granted_at',
      ])
      .where('receiver_grants.cliente_doc', '=', receiverRuc)
      .orderBy('companies.nombre')
      .orderBy('receiver_grants.emisor')
      .execute();
    return rows.map((row) => ({
      ruc: row.emisor,
      nombre: row.nombre ?? row.emisor,
      proof: row.proof,
      grantedAt: row.granted_at,
    }));
  }
}
