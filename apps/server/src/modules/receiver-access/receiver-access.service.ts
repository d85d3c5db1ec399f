import {
  API_MESSAGES,
  type ClientIssuerAdded,
  type ClientUpdated,
  type DocumentProof,
  type ReceiverAccess as ReceiverAccessDto,
} from '@sufel/contract';
import type { AttemptLimiter, AttemptSource } from '../../auth/attempt-limiter.js';
import { generatePassword } from '../../auth/generate-password.js';
import type { ReceiverVerifier } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { proofTarget } from '../documents/proof.js';
import type { ReceiversRepository } from '../receiver/receiver.repository.js';
import type { ReceiverService } from '../receiver/receiver.service.js';
import type { GrantedIssuer, ReceiverAccessRepository } from './receiver-access.repository.js';

/** What a receiver account may see: every issuer (verified) or those granted to it. */
export interface ReceiverAccess {
  /** The account's name (razón social), as registered. */
  name: string;
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
    private readonly receivers: ReceiversRepository,
    private readonly receiver: ReceiverService,
    private readonly limiter: AttemptLimiter,
    private readonly now: () => Date,
    /** SUFEL_CONTACT: how receivers reach the operator, who verifies accounts. */
    private readonly contact: string,
  ) {}

  /** Gives the account the documents of the issuer whose document it proved. */
  async grantProved(receiverRuc: string, emisor: string): Promise<boolean> {
    return this.repository.grant(receiverRuc, emisor, 'document', this.now());
  }

  /**
   * Verifies the RUC: the account sees every issuer from now on. The operator
   * verifying an account opened by document proof alone also gives it a new
   * password, since the proof may have come from an issuer, not the company.
   */
  async verifyReceiver(
    ruc: string,
    by: ReceiverVerifier,
    chosenPassword?: string,
  ): Promise<Verification> {
    const receiver = await this.receivers.find(ruc);
    if (receiver === undefined) throw AppError.of('not_found', 'clientNotFound');
    if (receiver.verified_at !== null) return { changed: false, password: null };
    let password: string | null = null;
    // The password first: if verifying then fails, the claimant is already out.
    if (by === 'operator') {
      password = chosenPassword ?? generatePassword();
      await this.receiver.setNewPassword(ruc, password, 'operator');
    }
    const changed = await this.repository.verify(ruc, by, this.now());
    return { changed, password };
  }

  /** The operator's change to an account: verifying its RUC, a new password, or both. */
  async operatorUpdate(
    ruc: string,
    change: { password?: string | undefined; verificado?: true | undefined },
  ): Promise<ClientUpdated> {
    if (change.verificado !== true) {
      await this.receiver.setNewPassword(ruc, change.password!, 'operator');
      return { message: API_MESSAGES.clientPasswordSet };
    }
    const verification = await this.verifyReceiver(ruc, 'operator', change.password);
    if (!verification.changed && change.password !== undefined) {
      await this.receiver.setNewPassword(ruc, change.password, 'operator');
      return { message: `${API_MESSAGES.clientAlreadyVerified} ${API_MESSAGES.clientPasswordSet}` };
    }
    if (!verification.changed) return { message: API_MESSAGES.clientAlreadyVerified };
    if (verification.password === null) return { message: API_MESSAGES.clientVerified };
    return {
      message: API_MESSAGES.clientVerifiedNewPassword,
      // Shown once: only a password the server made up is answered.
      ...(change.password === undefined ? { password: verification.password } : {}),
    };
  }

  /** "Agregar emisor": proving one document of an issuer opens that issuer's documents. */
  async addIssuer(
    source: AttemptSource,
    receiverRuc: string,
    proof: DocumentProof,
  ): Promise<ClientIssuerAdded> {
    // Counted like a consultation of that document: guessing its data costs the same here.
    await this.limiter.pass(
      { ...source, target: proofTarget(proof) },
      async () => ((await this.receiver.proves(receiverRuc, proof)) ? true : null),
      { kind: 'bad_request', code: 'proofRejected' },
    );
    const before = await this.accessOf(receiverRuc);
    const added = before.verified === null && (await this.grantProved(receiverRuc, proof.emisor));
    return {
      message: added ? API_MESSAGES.issuerAdded : API_MESSAGES.issuerAlreadyOpen,
      acceso: await this.view(receiverRuc),
    };
  }

  /** The account's access as the receiver sees it, with the way to get verified. */
  async view(ruc: string): Promise<ReceiverAccessDto> {
    const { name, verified, issuers } = await this.accessOf(ruc);
    return {
      nombre: name,
      verificado: verified !== null,
      verificadoPor: verified?.by ?? null,
      verificadoEn: verified?.at.toISOString() ?? null,
      emisores: issuers.map((issuer) => ({
        ruc: issuer.ruc,
        nombre: issuer.nombre,
        prueba: issuer.proof,
        desde: issuer.grantedAt.toISOString(),
      })),
      contacto: this.contact,
    };
  }

  async accessOf(ruc: string): Promise<ReceiverAccess> {
    const receiver = await this.receivers.find(ruc);
    if (receiver === undefined) throw AppError.of('not_found', 'clientNotFound');
    const verified =
      receiver.verified_by === null || receiver.verified_at === null
        ? null
        : { by: receiver.verified_by, at: receiver.verified_at };
    return { name: receiver.nombres, verified, issuers: await this.repository.grants(ruc) };
  }
}
