import { SUNAT_VALIDITY_MESSAGES, type ApiMessageKey } from '@sufel/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { said, type Said } from '../../errors.js';
import { SecretUnreadableError } from '../../secrets/secret-box.js';
import { SecretKeyMissingError, type SecretStore } from '../../secrets/secret-store.js';
import {
  SunatError,
  type SunatCredentials,
  type ValidityClient,
} from '../../sunat/validity-client.js';
import type { CredentialsRow, SunatValidityRepository } from './sunat-validity.repository.js';

/** Why a receiver's checks cannot reach SUNAT until someone acts. */
export type CredentialsProblem = 'missing' | 'refused' | 'unreadable' | 'no_key';

export class ChecksBlocked extends Error {
  readonly code: ApiMessageKey;

  constructor(
    readonly problem: CredentialsProblem,
    what: Said,
  ) {
    super(what.message);
    this.name = 'ChecksBlocked';
    this.code = what.code;
  }
}

const PROBLEM_CODES = {
  missing: 'sunatCredentialsMissing',
  refused: 'sunatCredentialsRefused',
  unreadable: 'sunatCredentialsUnreadable',
  no_key: 'sunatSecretsKeyMissing',
} as const satisfies Readonly<Record<CredentialsProblem, ApiMessageKey>>;

export const PROBLEM_MESSAGES: Readonly<Record<CredentialsProblem, string>> = {
  missing: SUNAT_VALIDITY_MESSAGES.credentialsMissing,
  refused: SUNAT_VALIDITY_MESSAGES.credentialsRefused,
  unreadable: SUNAT_VALIDITY_MESSAGES.credentialsUnreadable,
  no_key: SUNAT_VALIDITY_MESSAGES.secretsKeyMissing,
};

/** Where a receiver's client secret is sealed. */
export function secretName(receiverRuc: string): string {
  return `sunat:${receiverRuc}`;
}

function tokenName(receiverRuc: string): string {
  return `sunat-token:${receiverRuc}`;
}

export interface UsableCredentials {
  row: CredentialsRow;
  credentials: SunatCredentials;
}

/**
 * A receiver's way into SUNAT: its credentials, opened from the secret store,
 * and the token issued for them, kept in the database (sealed) until shortly
 * before it expires so that every instance uses the same one.
 */
export class SunatAccess {
  /** Token requests in flight in this process, so concurrent jobs of a receiver ask once. */
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: SunatValidityRepository,
    private readonly secrets: SecretStore,
    private readonly client: ValidityClient,
    private readonly now: () => Date,
  ) {}

  /** The receiver's credentials, or ChecksBlocked saying why they cannot be used. */
  async credentials(receiverRuc: string): Promise<UsableCredentials> {
    const row = await this.repository.credentials(receiverRuc);
    if (row === undefined) throw blocked('missing');
    if (row.refused_at !== null) throw blocked('refused');
    let secret: string | null;
    try {
      secret = await this.secrets.get(secretName(receiverRuc));
    } catch (error) {
      if (error instanceof SecretKeyMissingError) throw blocked('no_key');
      if (error instanceof SecretUnreadableError) throw blocked('unreadable');
      throw error;
    }
    if (secret === null) throw blocked('missing');
    return { row, credentials: { clientId: row.client_id, clientSecret: secret } };
  }

  /**
   * A usable token: the stored one, or (with `renew`, or when it is about to
   * expire) a new one. Refused credentials are marked so, and every later
   * check of the receiver stops at once with the reason.
   */
  async token(receiverRuc: string, renew: boolean, signal?: AbortSignal): Promise<string> {
    const key = `${receiverRuc}:${renew}`;
    const pending = this.inFlight.get(key);
    if (pending !== undefined) return pending;
    const request = this.freshOrStored(receiverRuc, renew, signal).finally(() =>
      this.inFlight.delete(key),
    );
    this.inFlight.set(key, request);
    return request;
  }

  /** SUNAT answered a query made with the receiver's credentials. */
  async used(receiverRuc: string): Promise<void> {
    await this.repository.markUsed(receiverRuc, this.now());
  }

  private async freshOrStored(
    receiverRuc: string,
    renew: boolean,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const { row, credentials } = await this.credentials(receiverRuc);
    if (!renew) {
      const stored = await this.repository.token(receiverRuc);
      if (
        stored !== undefined &&
        stored.client_id === row.client_id &&
        stored.usable_until > this.now()
      ) {
        try {
          return this.secrets.open(tokenName(receiverRuc), stored.sealed);
        } catch (error) {
          // A token sealed under an older key is simply asked for again.
          if (!(error instanceof SecretUnreadableError)) throw error;
        }
      }
    }
    let issued;
    try {
      issued = await this.client.requestToken(credentials, signal);
    } catch (error) {
      if (error instanceof SunatError && error.code === 'bad_credentials') {
        await this.repository.markRefused(receiverRuc, row.client_id, error.message, this.now());
        throw new ChecksBlocked(
          'refused',
          said('sunatCredentialsRejected', { reason: error.message }),
        );
      }
      throw error;
    }
    await this.store(this.db, receiverRuc, row.client_id, issued.accessToken, issued.usableUntil);
    await this.repository.markUsed(receiverRuc, this.now());
    return issued.accessToken;
  }

  /** Keeps a token SUNAT issued, sealed, for every instance to use. */
  async store(
    db: Kysely<Database>,
    receiverRuc: string,
    clientId: string,
    accessToken: string,
    usableUntil: Date,
  ): Promise<void> {
    await this.repository.saveToken(
      db,
      receiverRuc,
      clientId,
      this.secrets.seal(tokenName(receiverRuc), accessToken),
      usableUntil,
    );
  }
}

function blocked(problem: CredentialsProblem): ChecksBlocked {
  return new ChecksBlocked(problem, {
    code: PROBLEM_CODES[problem],
    message: PROBLEM_MESSAGES[problem],
  });
}
