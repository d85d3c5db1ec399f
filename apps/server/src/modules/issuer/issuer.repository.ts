import type { Kysely } from 'kysely';
import { newPasswordColumns } from '../../auth/session-version.js';
import type { Database, IssuerRow } from '../../db/types.js';

export interface NewIssuer {
  ruc: string;
  nombre: string;
  passwordHash: string;
}

export interface IssuerPatch {
  nombre?: string;
  habilitado?: boolean;
  passwordHash?: string;
}

/** Issuers: who may publish. */
export class IssuersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(ruc: string): Promise<IssuerRow | undefined> {
    return this.db.selectFrom('companies').selectAll().where('ruc', '=', ruc).executeTakeFirst();
  }

  /** Inserts unless the RUC exists; answers whether it inserted. */
  async insert(issuer: NewIssuer, now: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('companies')
      .values({
        ruc: issuer.ruc,
        nombre: issuer.nombre,
        password_hash: issuer.passwordHash,
        password_changed_at: now,
      })
      .onConflict((oc) => oc.column('ruc').doNothing())
      .returning('ruc')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Applies the patch; a new password also ends every session opened before it. */
  async update(ruc: string, patch: IssuerPatch, now: Date): Promise<boolean> {
    const changes = {
      ...(patch.nombre === undefined ? {} : { nombre: patch.nombre }),
      ...(patch.habilitado === undefined ? {} : { habilitado: patch.habilitado }),
      ...(patch.passwordHash === undefined ? {} : newPasswordColumns(patch.passwordHash, now)),
    };
    if (Object.keys(changes).length === 0) return (await this.find(ruc)) !== undefined;
    const result = await this.db
      .updateTable('companies')
      .set(changes)
      .where('ruc', '=', ruc)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Sets a new password, ending every session opened before it; answers the new session version. */
  async setPassword(ruc: string, passwordHash: string, now: Date): Promise<number | undefined> {
    const row = await this.db
      .updateTable('companies')
      .set(newPasswordColumns(passwordHash, now))
      .where('ruc', '=', ruc)
      .returning('session_version')
      .executeTakeFirst();
    return row?.session_version;
  }

  async list(): Promise<Pick<IssuerRow, 'ruc' | 'nombre' | 'habilitado'>[]> {
    return this.db
      .selectFrom('companies')
      .select(['ruc', 'nombre', 'habilitado'])
      .orderBy('ruc')
      .execute();
  }
}
