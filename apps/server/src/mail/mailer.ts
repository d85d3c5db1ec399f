import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { ReceiverEmailsRepository } from '../modules/receiver-emails/receiver-emails.repository.js';
import { mailLanguage, type MailLanguage, type MailTemplate } from './mail-template.js';
import type { OutboxRepository, OutgoingMail } from './outbox.repository.js';

export interface MailRecipient {
  address: string;
  language: MailLanguage;
}

/** How queued mail leaves, when SMTP is configured. */
export interface MailDelivery {
  /** Tells the sender there is mail to send. */
  wake(): void;
  /** PUBLIC_URL: the start of every link a mail carries. */
  portalUrl: string;
}

/**
 * Queues mail. Nothing is sent here: the worker sends from the queue, so a
 * request never waits on (or fails because of) the mail server. With no SMTP
 * configured the portal sends nothing and e-mail features say they are off.
 */
export class Mailer {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly outbox: OutboxRepository,
    private readonly emails: ReceiverEmailsRepository,
    private readonly now: () => Date,
    /** Null when SMTP is not configured. */
    private readonly delivery: MailDelivery | null,
  ) {}

  get enabled(): boolean {
    return this.delivery !== null;
  }

  /**
   * An absolute link to `path` (with its query) on the portal, for a mail.
   * It starts with PUBLIC_URL, never with the host a request named: a link
   * that followed `Host` would carry a reset token to whoever sent it.
   */
  link(path: string): string {
    if (this.delivery === null) throw new Error('Mail is off: there is no mail to write a link in');
    return `${this.delivery.portalUrl}${path}`;
  }

  /**
   * Queues `template` to each recipient in its language. Inside a transaction
   * (`db` given) the mail exists only if it commits; call `wake()` after it does.
   */
  async send<P>(
    recipients: readonly MailRecipient[],
    template: MailTemplate<P>,
    params: P,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    if (!this.enabled || recipients.length === 0) return;
    const mails = recipients.map(({ address, language }) => {
      const { subject, text } = template[language](params);
      return { recipient: address, subject, body: text };
    });
    await this.outbox.enqueue(db, mails, this.now());
    if (!db.isTransaction) this.wake();
  }

  /** Queues `template` to every CONFIRMED address of a receiver account (none: nothing). */
  async sendToReceiver<P>(
    receiverRuc: string,
    template: MailTemplate<P>,
    params: P,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    if (!this.enabled) return;
    const rows = await this.emails.confirmed(receiverRuc, db);
    await this.send(
      rows.map((row) => ({ address: row.address, language: mailLanguage(row.language) })),
      template,
      params,
      db,
    );
  }

  /** Queues mails already written, with their own headers and dedupe keys. */
  async queue(mails: readonly OutgoingMail[], db: Kysely<Database> = this.db): Promise<void> {
    if (!this.enabled || mails.length === 0) return;
    await this.outbox.enqueue(db, mails, this.now());
    if (!db.isTransaction) this.wake();
  }

  wake(): void {
    this.delivery?.wake();
  }
}
