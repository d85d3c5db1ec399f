import { generatePassword } from '../../auth/generate-password.js';
import type { ReceiverVerifier } from '../../db/types.js';
import { AppError } from '../../errors.js';
import type { ClientsRepository } from '../clients/clients.repository.js';
import type { ReceiverService } from '../receiver/receiver.service.js';
import type { GrantedIssuer, ReceiverAccessRepository } from './receiver-access.repository.js';

/** What a receiver account may see: every issuer (verified) or those granted to it. */
export interface ReceiverAccess {
  verified: { by: ReceiverVerifier; at: Date } | null;
  issuers: GrantedIssuer[];
}

export interface Verification {
  /** False when the account was verified before (nothing changed). */
  changed: boolean;
  /**
   * The new password, shown once to the operator, when the account had been
   * opened by document proof alone: whoever opened it (perhaps an issuer of
   * the RUC's documents) is shut out and every earlier session ends.
   */
  password: string | null;
}

/** Which documents receiver accounts may see, and how an account widens that. */
export class ReceiverAccessService {
  constructor(
    private readonly repository: ReceiverAccessRepository,
    private readonly clients: ClientsRepository,
    private readonly receiver: ReceiverService,
    private readonly now: () => Date,
  ) {}

  /** Gives the account the documents of the issuer whose document it proved. */
  async grantProved(clienteDoc: string, emisor: string): Promise<boolean> {
    return this.repository.grant(clienteDoc, emisor, 'document', this.now());
  }

  /**
   * Verifies the RUC: the account sees every issuer from now on. The operator
   * verifying an account opened by document proof alone also gives it a new
   * password, since the proof may have come from an issuer, not the company.
   */
  async verifyReceiver(ruc: string, by: ReceiverVerifier): Promise<Verification> {
    const client = await this.clients.find(ruc);
    if (client === undefined) throw AppError.of('not_found', 'clientNotFound');
    if (client.verified_at !== null) return { changed: false, password: null };
    let password: string | null = null;
    // The password first: if verifying then fails, the claimant is already out.
    if (by === 'operator') {
      password = generatePassword();
      await this.receiver.setNewPassword(ruc, password, 'operator');
    }
    const changed = await this.repository.verify(ruc, by, this.now());
    return { changed, password };
  }

  async accessOf(ruc: string): Promise<ReceiverAccess> {
    const client = await this.clients.find(ruc);
    if (client === undefined) throw AppError.of('not_found', 'clientNotFound');
    const verified =
      client.verified_by === null || client.verified_at === null
        ? null
        : { by: client.verified_by, at: client.verified_at };
    return { verified, issuers: await this.repository.grants(ruc) };
  }
}
