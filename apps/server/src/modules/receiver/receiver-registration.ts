import { API_MESSAGES, type DocumentProof } from '@sufel/contract';
import type { AttemptLimiter, AttemptSource } from '../../auth/attempt-limiter.js';
import type { MailLanguage } from '../../mail/mail-template.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ReceiverEmailsService } from '../receiver-emails/receiver-emails.service.js';
import type { ReceiverService } from './receiver.service.js';

export interface Registration {
  receiverRuc: string;
  name: string;
  password: string;
  proof: DocumentProof;
  /** An address to confirm by a mailed link; added only when mail is configured. */
  email?: string | undefined;
  language?: MailLanguage | undefined;
}

export interface Registered {
  /** The session version the account's first session carries. */
  version: number;
  message: string;
}

/**
 * Opening a receiver account: the proof of one document issued to the RUC,
 * checked behind the attempt limiter (guessing a document's data costs the
 * same here as at the consultation), the account, and the address to confirm.
 */
export class ReceiverRegistration {
  constructor(
    private readonly receiver: ReceiverService,
    private readonly emails: ReceiverEmailsService,
    private readonly limiter: AttemptLimiter,
    private readonly mailer: Mailer,
  ) {}

  async register(source: AttemptSource, registration: Registration): Promise<Registered> {
    const { receiverRuc, name, password, proof, email, language } = registration;
    await this.limiter.pass(
      { ...source, target: `register:${receiverRuc}` },
      async () => ((await this.receiver.proves(receiverRuc, proof)) ? true : null),
      { kind: 'bad_request', code: 'proofRejected' },
    );
    const version = await this.receiver.register(receiverRuc, name, password, proof.emisor);
    if (email === undefined || !this.mailer.enabled) {
      return { version, message: API_MESSAGES.clientRegistered };
    }
    await this.emails.add(receiverRuc, email, language ?? 'es');
    return {
      version,
      message: `${API_MESSAGES.clientRegistered} ${API_MESSAGES.emailConfirmationSent}`,
    };
  }
}
