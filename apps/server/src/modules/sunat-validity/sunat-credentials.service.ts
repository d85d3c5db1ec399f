import {
  SUNAT_VALIDITY_MESSAGES,
  type SunatCredentialsRequest,
  type SunatCredentialsStatus,
} from '@sufel/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { AppError, said } from '../../errors.js';
import type { SecretStore } from '../../secrets/secret-store.js';
import { SunatError, type SunatToken, type ValidityClient } from '../../sunat/validity-client.js';
import { ChecksBlocked, PROBLEM_MESSAGES, secretName, type SunatAccess } from './sunat-access.js';
import type { SunatValidityRepository } from './sunat-validity.repository.js';

/** What a masked client id keeps visible. */
const VISIBLE_CHARACTERS = 4;

export function maskClientId(clientId: string): string {
  const visible = clientId.length > VISIBLE_CHARACTERS * 2 ? VISIBLE_CHARACTERS : 0;
  return `${'•'.repeat(Math.max(clientId.length - visible, 4))}${clientId.slice(clientId.length - visible)}`;
}

const WORKING = 'SUNAT acepta estas credenciales.';

/** Saving waits this long for SUNAT's token service; past it the credentials are kept unverified. */
const SAVE_WAIT_MS = 8_000;

/**
 * A receiver's "Credenciales de API SUNAT": saved sealed, tried at once by
 * asking SUNAT for a token, never shown again (only the client id, masked).
 */
export class SunatCredentialsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: SunatValidityRepository,
    private readonly access: SunatAccess,
    private readonly secrets: SecretStore,
    private readonly client: ValidityClient,
    private readonly now: () => Date,
  ) {}

  async status(receiverRuc: string): Promise<SunatCredentialsStatus> {
    const row = await this.repository.credentials(receiverRuc);
    if (row === undefined) {
      return {
        configured: false,
        clientId: null,
        state: null,
        message: SUNAT_VALIDITY_MESSAGES.credentialsMissing,
        lastUsedAt: null,
      };
    }
    const described = {
      configured: true,
      clientId: maskClientId(row.client_id),
      lastUsedAt: row.last_used_at?.toISOString() ?? null,
    };
    try {
      await this.access.credentials(receiverRuc);
    } catch (error) {
      if (!(error instanceof ChecksBlocked)) throw error;
      const state = error.problem === 'refused' ? 'refused' : 'unreadable';
      return { ...described, state, message: PROBLEM_MESSAGES[error.problem] };
    }
    return row.last_used_at === null
      ? {
          ...described,
          state: 'unverified',
          message: SUNAT_VALIDITY_MESSAGES.credentialsUnverified,
        }
      : { ...described, state: 'accepted', message: WORKING };
  }

  /**
   * Asks SUNAT for a token with them first: refused credentials are not kept
   * (the earlier ones, if any, stay); when SUNAT does not answer they are kept
   * and tried on the next check.
   */
  async save(receiverRuc: string, input: SunatCredentialsRequest): Promise<SunatCredentialsStatus> {
    if (!this.secrets.available) throw new AppError('unavailable', 'sunatSecretsKeyMissing');
    const credentials = { clientId: input.clientId, clientSecret: input.clientSecret };
    let token: SunatToken | null = null;
    let unanswered: string | null = null;
    const wait = AbortSignal.timeout(SAVE_WAIT_MS);
    try {
      token = await this.client.requestToken(credentials, wait);
    } catch (error) {
      if (wait.aborted) {
        unanswered = `SUNAT no respondió en ${SAVE_WAIT_MS / 1000} s.`;
      } else {
        if (!(error instanceof SunatError)) throw error;
        if (error.code === 'bad_credentials') {
          throw new AppError(
            'bad_request',
            said('sunatCredentialsRejected', { reason: error.message }),
          );
        }
        unanswered = error.message;
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await this.repository.saveCredentials(
        trx,
        receiverRuc,
        credentials.clientId,
        this.now(),
        token !== null,
      );
      await this.secrets.put(trx, secretName(receiverRuc), credentials.clientSecret, this.now());
      if (token !== null) {
        await this.access.store(
          trx,
          receiverRuc,
          credentials.clientId,
          token.accessToken,
          token.usableUntil,
        );
      }
    });
    const status = await this.status(receiverRuc);
    return {
      ...status,
      message:
        unanswered === null
          ? SUNAT_VALIDITY_MESSAGES.credentialsAccepted
          : `${SUNAT_VALIDITY_MESSAGES.credentialsUnverified} (${unanswered})`,
    };
  }

  async remove(receiverRuc: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.repository.deleteCredentials(trx, receiverRuc);
      await this.secrets.delete(trx, secretName(receiverRuc));
    });
  }
}
