import { PAGES, type ClientEmail } from '@sufel/contract';
import type { Attempt, AttemptLimiter } from '../../auth/attempt-limiter.js';
import type { PurposeTokens } from '../../auth/purpose-tokens.js';
import type { ReceiverEmailRow } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { mailLanguage, type MailLanguage } from '../../mail/mail-template.js';
import type { Mailer } from '../../mail/mailer.js';
import { addressConfirmedMail, confirmAddressMail } from './receiver-email-mails.js';
import type { ReceiverEmailsRepository } from './receiver-emails.repository.js';

const CONFIRMATION_TTL_HOURS = 48;
const MAX_ADDRESSES = 5;

function toDto(row: ReceiverEmailRow): ClientEmail {
  return {
    id: row.id,
    address: row.address,
    confirmed: row.confirmed_at !== null,
    language: mailLanguage(row.language),
  };
}

/** The account's session version when the password is its own; null otherwise. */
export type PasswordCheck = (receiverRuc: string, password: string) => Promise<number | null>;

/** A receiver's e-mail addresses: added, confirmed by a mailed link, removed. */
export class ReceiverEmailsService {
  constructor(
    private readonly emails: ReceiverEmailsRepository,
    private readonly mailer: Mailer,
    private readonly tokens: PurposeTokens,
    private readonly limiter: AttemptLimiter,
    private readonly checkPassword: PasswordCheck,
    private readonly now: () => Date,
  ) {}

  /** E-mail features answer that they are off until SMTP is configured. */
  requireMail(): void {
    if (!this.mailer.enabled) throw AppError.of('forbidden', 'mailDisabled');
  }

  async list(receiverRuc: string): Promise<ClientEmail[]> {
    return (await this.emails.list(receiverRuc)).map(toDto);
  }

  /**
   * Adds an address from a signed-in session. A new address needs the
   * account's current password, so a session left open (or stolen) cannot add
   * an address of its own and reset the password through it; a wrong password
   * counts as a failed login (`attempt`). Mailing a pending address its link
   * again needs none.
   */
  async addFromSession(
    receiverRuc: string,
    {
      address,
      language,
      password,
    }: { address: string; language: MailLanguage; password?: string | undefined },
    attempt: Attempt,
  ): Promise<void> {
    this.requireMail();
    const known = (await this.emails.list(receiverRuc)).some(
      (row) => row.address.toLowerCase() === address.toLowerCase(),
    );
    if (!known) {
      if (password === undefined) throw AppError.of('bad_request', 'emailNeedsPassword');
      await this.limiter.pass(attempt, () => this.checkPassword(receiverRuc, password), {
        kind: 'bad_request',
        code: 'currentPasswordWrong',
      });
    }
    await this.add(receiverRuc, address, language);
  }

  /** Adds the address (if new) and mails it a confirmation link. */
  async add(receiverRuc: string, address: string, language: MailLanguage): Promise<void> {
    this.requireMail();
    if ((await this.emails.count(receiverRuc)) >= MAX_ADDRESSES) {
      const existing = await this.emails.list(receiverRuc);
      if (!existing.some((row) => row.address.toLowerCase() === address.toLowerCase())) {
        throw AppError.of('bad_request', 'tooManyEmails');
      }
    }
    const row = await this.emails.add(receiverRuc, address, language);
    if (row.confirmed_at !== null) throw AppError.of('bad_request', 'emailAlreadyConfirmed');
    const token = this.tokens.sign(
      'email-confirmation',
      { sub: receiverRuc, eid: row.id, adr: row.address.toLowerCase() },
      CONFIRMATION_TTL_HOURS * 3600,
    );
    await this.mailer.send(
      [{ address: row.address, language: mailLanguage(row.language) }],
      confirmAddressMail,
      {
        receiverRuc,
        link: this.mailer.link(PAGES.client.confirmEmail.href(token)),
        hours: CONFIRMATION_TTL_HOURS,
      },
    );
  }

  /**
   * Confirms the address a link was mailed to; the account's confirmed
   * addresses (the new one too) hear of it. A link opened twice is fine.
   */
  async confirm(token: string): Promise<void> {
    const claims = this.tokens.open('email-confirmation', token);
    const id = claims?.eid;
    if (claims === null || typeof id !== 'number') throw AppError.of('bad_request', 'invalidLink');
    const row = await this.emails.find(id);
    // Removed, or removed and added again: the link was for the old entry.
    if (
      row === undefined ||
      row.cliente_doc !== claims.sub ||
      row.address.toLowerCase() !== claims.adr
    ) {
      throw AppError.of('bad_request', 'invalidLink');
    }
    if (await this.emails.confirm(id, this.now())) {
      await this.mailer.sendToReceiver(row.cliente_doc, addressConfirmedMail, {
        receiverRuc: row.cliente_doc,
        address: row.address,
      });
    }
  }

  async remove(receiverRuc: string, id: number): Promise<void> {
    if (!(await this.emails.remove(receiverRuc, id)))
      throw AppError.of('not_found', 'emailNotFound');
  }
}
