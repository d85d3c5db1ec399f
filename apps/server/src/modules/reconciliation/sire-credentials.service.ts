import {
  RECONCILIATION_MESSAGES,
  type SireCredentialsRequest,
  type SireCredentialsStatus,
} from '@sufel/contract';
import { SireError, type SireClient, type SireCredentials } from '@sufel/sire';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError, said } from '../../errors.js';
import { SecretUnreadableError } from '../../secrets/secret-box.js';
import { SecretKeyMissingError, type SecretStore } from '../../secrets/secret-store.js';
import { maskClientId } from '../sunat-validity/sunat-credentials.service.js';

/** Saving waits this long for SUNAT's token service; past it the credentials are kept unverified. */
const SAVE_WAIT_MS = 8_000;

/** What is sealed: the two secrets of the four fields. */
interface SealedPart {
  clientSecret: string;
  claveSol: string;
}

function secretName(receiverRuc: string): string {
  return `sire:${receiverRuc}`;
}

/**
 * Marks the account verified: a SIRE token is issued only to whoever holds
 * the RUC's SOL user and password.
 */
export type AccountVerifier = (ruc: string) => Promise<void>;

/**
 * A receiver's SIRE credentials: the client id and secret of an application
 * registered in SOL, the SOL user and password. The secrets are sealed in the
 * secret store (as the SUNAT API credentials are) and never answered back.
 */
export class SireCredentialsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secrets: SecretStore,
    private readonly client: SireClient,
    private readonly verifyAccount: AccountVerifier,
    private readonly now: () => Date,
  ) {}

  async status(receiverRuc: string): Promise<SireCredentialsStatus> {
    const row = await this.row(receiverRuc);
    if (row === undefined) {
      return {
        configured: false,
        clientId: null,
        usuarioSol: null,
        state: null,
        message: RECONCILIATION_MESSAGES.sireCredentialsMissing,
        lastUsedAt: null,
      };
    }
    const described = {
      configured: true,
      clientId: maskClientId(row.client_id),
      usuarioSol: row.usuario_sol,
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
    };
    if (row.refused_at !== null) {
      return {
        ...described,
        state: 'refused',
        message: RECONCILIATION_MESSAGES.sireCredentialsRefused,
      };
    }
    try {
      await this.credentials(receiverRuc);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { ...described, state: 'unreadable', message: error.message };
    }
    return row.last_used_at === null
      ? {
          ...described,
          state: 'unverified',
          message: RECONCILIATION_MESSAGES.sireCredentialsUnverified,
        }
      : {
          ...described,
          state: 'accepted',
          message: RECONCILIATION_MESSAGES.sireCredentialsAccepted,
        };
  }

  /**
   * Asks SUNAT for a SIRE token with them first: refused credentials are not
   * kept (the earlier ones, if any, stay); when SUNAT does not answer they are
   * kept and tried by the next download. A token verifies the account.
   */
  async save(receiverRuc: string, input: SireCredentialsRequest): Promise<SireCredentialsStatus> {
    if (!this.secrets.available) {
      throw new AppError('unavailable', 'sireSecretsKeyMissing');
    }
    const credentials: SireCredentials = {
      ruc: receiverRuc,
      clientId: input.clientId.trim(),
      clientSecret: input.clientSecret.trim(),
      solUser: input.usuarioSol.trim().toUpperCase(),
      solPassword: input.claveSol,
    };
    let accepted = false;
    let unanswered: string | null = null;
    const wait = AbortSignal.timeout(SAVE_WAIT_MS);
    try {
      await this.client.requestToken(credentials, wait);
      accepted = true;
    } catch (error) {
      if (wait.aborted) {
        unanswered = `SUNAT no respondió en ${SAVE_WAIT_MS / 1000} s.`;
      } else {
        if (!(error instanceof SireError)) throw error;
        if (error.code === 'bad_credentials') {
          throw new AppError(
            'bad_request',
            said('sireCredentialsRejected', { reason: error.message }),
          );
        }
        unanswered = error.message;
      }
    }
    const at = this.now();
    const sealed: SealedPart = {
      clientSecret: credentials.clientSecret,
      claveSol: credentials.solPassword,
    };
    await this.db.transaction().execute(async (trx) => {
      const columns = {
        client_id: credentials.clientId,
        usuario_sol: credentials.solUser,
        saved_at: at,
        last_used_at: accepted ? at : null,
        refused_at: null,
      };
      await trx
        .insertInto('sire_credentials')
        .values({ cliente_doc: receiverRuc, ...columns })
        .onConflict((oc) => oc.column('cliente_doc').doUpdateSet(columns))
        .execute();
      await this.secrets.put(trx, secretName(receiverRuc), JSON.stringify(sealed), at);
    });
    if (accepted) await this.verifyAccount(receiverRuc);
    const status = await this.status(receiverRuc);
    return unanswered === null
      ? status
      : { ...status, message: `${status.message} (${unanswered})` };
  }

  async remove(receiverRuc: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sire_credentials').where('cliente_doc', '=', receiverRuc).execute();
      await this.secrets.delete(trx, secretName(receiverRuc));
    });
  }

  /** The four fields, opened; an AppError saying why they cannot be used otherwise. */
  async credentials(receiverRuc: string): Promise<SireCredentials> {
    const row = await this.row(receiverRuc);
    if (row === undefined) {
      throw new AppError('bad_request', 'sireCredentialsMissing');
    }
    if (row.refused_at !== null) {
      throw new AppError('bad_request', 'sireCredentialsRefused');
    }
    let opened: string | null;
    try {
      opened = await this.secrets.get(secretName(receiverRuc));
    } catch (error) {
      if (error instanceof SecretKeyMissingError) {
        throw new AppError('unavailable', 'sireSecretsKeyMissing');
      }
      if (error instanceof SecretUnreadableError) {
        throw new AppError('bad_request', 'sireCredentialsUnreadable');
      }
      throw error;
    }
    if (opened === null) {
      throw new AppError('bad_request', 'sireCredentialsMissing');
    }
    const sealed = JSON.parse(opened) as SealedPart;
    return {
      ruc: receiverRuc,
      clientId: row.client_id,
      clientSecret: sealed.clientSecret,
      solUser: row.usuario_sol,
      solPassword: sealed.claveSol,
    };
  }

  /** SUNAT issued a token with them: they work, and the account is verified. */
  async accepted(receiverRuc: string): Promise<void> {
    await this.db
      .updateTable('sire_credentials')
      .set({ last_used_at: this.now(), refused_at: null })
      .where('cliente_doc', '=', receiverRuc)
      .execute();
    await this.verifyAccount(receiverRuc);
  }

  /** SUNAT refused them: downloads stop until they are entered again. */
  async refused(receiverRuc: string): Promise<void> {
    await this.db
      .updateTable('sire_credentials')
      .set({ refused_at: this.now() })
      .where('cliente_doc', '=', receiverRuc)
      .execute();
  }

  private row(receiverRuc: string) {
    return this.db
      .selectFrom('sire_credentials')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .executeTakeFirst();
  }
}
