import type { Validity } from '@sufel/contract';
import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  SunatCredentialsTable,
  SunatTokensTable,
  ValidityChecksTable,
} from '../../db/types.js';
import type { ValidityAnswer } from '../../sunat/validity-client.js';

export type CredentialsRow = Selectable<SunatCredentialsTable>;
export type TokenRow = Selectable<SunatTokensTable>;
export type ValidityCheckRow = Selectable<ValidityChecksTable>;

/** Reads SUNAT's stored answers of documents, by id. */
export type ValidityReader = (documentIds: readonly number[]) => Promise<Map<number, Validity>>;

/**
 * SUNAT's answer for each of these documents that has one: the one place the
 * stored validity is read, for the detail, the lists, the exports and the
 * verdict built on them.
 */
export async function readValidity(
  db: Kysely<Database>,
  documentIds: readonly number[],
): Promise<Map<number, Validity>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('document_validity')
    .selectAll()
    .where('document_id', 'in', [...new Set(documentIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.document_id,
      {
        estadoCp: row.estado_cp,
        estadoRuc: row.estado_ruc,
        condDomiRuc: row.cond_domi_ruc,
        observaciones: row.observaciones,
        checkedAt: row.checked_at.toISOString(),
      },
    ]),
  );
}

/** Credentials, tokens, answers and period checks of SUNAT's consulta integrada. */
export class SunatValidityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async credentials(
    receiverRuc: string,
    db: Kysely<Database> = this.db,
  ): Promise<CredentialsRow | undefined> {
    return db
      .selectFrom('sunat_credentials')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .executeTakeFirst();
  }

  /** The credentials, locked until the transaction ends: one period check starts at a time. */
  async lockCredentials(
    trx: Kysely<Database>,
    receiverRuc: string,
  ): Promise<CredentialsRow | undefined> {
    return trx
      .selectFrom('sunat_credentials')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .forUpdate()
      .executeTakeFirst();
  }

  /** New credentials replace the old, their refusal and their token. */
  async saveCredentials(
    db: Kysely<Database>,
    receiverRuc: string,
    clientId: string,
    now: Date,
    accepted: boolean,
  ): Promise<void> {
    const values = {
      client_id: clientId,
      saved_at: now,
      last_used_at: accepted ? now : null,
      refused_at: null,
      refused_reason: null,
    };
    await db.deleteFrom('sunat_tokens').where('cliente_doc', '=', receiverRuc).execute();
    await db
      .insertInto('sunat_credentials')
      .values({ cliente_doc: receiverRuc, ...values })
      .onConflict((oc) => oc.column('cliente_doc').doUpdateSet(values))
      .execute();
  }

  async deleteCredentials(db: Kysely<Database>, receiverRuc: string): Promise<void> {
    await db.deleteFrom('sunat_credentials').where('cliente_doc', '=', receiverRuc).execute();
  }

  /** SUNAT accepted them just now; written at most once a minute. */
  async markUsed(receiverRuc: string, now: Date): Promise<void> {
    await this.db
      .updateTable('sunat_credentials')
      .set({ last_used_at: now })
      .where('cliente_doc', '=', receiverRuc)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<', new Date(now.getTime() - 60_000)),
        ]),
      )
      .execute();
  }

  /** SUNAT refused these credentials (not newer ones saved meanwhile). */
  async markRefused(receiverRuc: string, clientId: string, reason: string, now: Date) {
    await this.db
      .updateTable('sunat_credentials')
      .set({ refused_at: now, refused_reason: reason })
      .where('cliente_doc', '=', receiverRuc)
      .where('client_id', '=', clientId)
      .where('refused_at', 'is', null)
      .execute();
  }

  async token(receiverRuc: string): Promise<TokenRow | undefined> {
    return this.db
      .selectFrom('sunat_tokens')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .executeTakeFirst();
  }

  async saveToken(
    db: Kysely<Database>,
    receiverRuc: string,
    clientId: string,
    sealed: string,
    usableUntil: Date,
  ): Promise<void> {
    const values = { client_id: clientId, sealed, usable_until: usableUntil };
    await db
      .insertInto('sunat_tokens')
      .values({ cliente_doc: receiverRuc, ...values })
      .onConflict((oc) => oc.column('cliente_doc').doUpdateSet(values))
      .execute();
  }

  async saveValidity(documentId: number, answer: ValidityAnswer, checkedAt: Date): Promise<void> {
    const values = {
      estado_cp: answer.estadoCp,
      estado_ruc: answer.estadoRuc,
      cond_domi_ruc: answer.condDomiRuc,
      observaciones: JSON.stringify(answer.observaciones),
      checked_at: checkedAt,
    };
    await this.db
      .insertInto('document_validity')
      .values({ document_id: documentId, ...values })
      .onConflict((oc) => oc.column('document_id').doUpdateSet(values))
      .execute();
  }

  /** Of these receivers, those whose credentials SUNAT has not refused. */
  async receiversWithCredentials(
    db: Kysely<Database>,
    receiverRucs: readonly string[],
  ): Promise<Set<string>> {
    if (receiverRucs.length === 0) return new Set();
    const rows = await db
      .selectFrom('sunat_credentials')
      .select('cliente_doc')
      .where('cliente_doc', 'in', [...new Set(receiverRucs)])
      .where('refused_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.cliente_doc));
  }

  async openCheck(db: Kysely<Database>, check: Omit<ValidityCheckRow, 'id'>): Promise<number> {
    const row = await db
      .insertInto('validity_checks')
      .values(check)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async check(receiverRuc: string, id: number): Promise<ValidityCheckRow | undefined> {
    return this.db
      .selectFrom('validity_checks')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async recentChecks(
    db: Kysely<Database>,
    receiverRuc: string,
    limit: number,
  ): Promise<ValidityCheckRow[]> {
    return db
      .selectFrom('validity_checks')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
