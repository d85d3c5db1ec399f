import { API_PATHS, PAGES, todayInLima, type NoticeMode } from '@sufel/contract';
import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import type { PurposeTokens } from '../../auth/purpose-tokens.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { mailLanguage } from '../../mail/mail-template.js';
import type { Mailer } from '../../mail/mailer.js';
import type { OutgoingMail } from '../../mail/outbox.repository.js';
import {
  DIGEST_MAX_LISTED,
  digestMail,
  documentNoticeMail,
  type NoticeDocument,
  type NoticeLinks,
} from './notice-mails.js';
import type { NoticeRecipient, NoticesRepository } from './notices.repository.js';

/** An unsubscribe link keeps working for a year after its mail was sent. */
const UNSUBSCRIBE_TTL_SECONDS = 365 * 24 * 3600;
/** Digests queued per look at the queue; the next look takes the rest. */
const DIGESTS_PER_ROUND = 200;

/** A newly published document and the receiver it is addressed to. */
export interface PublishedDocument extends NoticeDocument {
  receiverRuc: string;
}

/**
 * Notices of new documents to receivers that asked for them: one mail per
 * document, queued in the transaction that stores it, or one digest a day.
 * Mail goes only to confirmed addresses and carries a one-click unsubscribe.
 */
export class NoticesService {
  constructor(
    private readonly repository: NoticesRepository,
    private readonly mailer: Mailer,
    private readonly tokens: PurposeTokens,
    private readonly now: () => Date,
  ) {}

  async mode(receiverRuc: string): Promise<NoticeMode> {
    return (await this.repository.mode(receiverRuc)) ?? 'none';
  }

  async setMode(receiverRuc: string, mode: NoticeMode): Promise<void> {
    if (mode !== 'none' && !this.mailer.enabled) throw AppError.of('forbidden', 'mailDisabled');
    // Notices go to confirmed addresses only: without one, "each" would silently send nothing.
    if (mode !== 'none' && !(await this.repository.hasConfirmedAddress(receiverRuc))) {
      throw AppError.of('conflict', 'noticesNeedAddress');
    }
    if (!(await this.repository.setMode(receiverRuc, mode))) {
      throw AppError.of('not_found', 'clientNotFound');
    }
  }

  /** Turns notices off for the account an unsubscribe link names; false if the link is not valid. */
  async unsubscribe(token: string): Promise<boolean> {
    const claims = this.tokens.open('notice-unsubscribe', token);
    if (claims === null || typeof claims.sub !== 'string') return false;
    await this.repository.setMode(claims.sub, 'none');
    return true;
  }

  validUnsubscribe(token: string): boolean {
    const claims = this.tokens.open('notice-unsubscribe', token);
    return claims !== null && typeof claims.sub === 'string';
  }

  unsubscribeUrl(receiverRuc: string): string {
    const token = this.tokens.sign(
      'notice-unsubscribe',
      { sub: receiverRuc },
      UNSUBSCRIBE_TTL_SECONDS,
    );
    return this.mailer.link(`${API_PATHS.noticeUnsubscribe}?token=${token}`);
  }

  /**
   * Called inside the transaction that inserted `published`: notices exist
   * exactly when the documents do. Call `mailer.wake()` after it commits.
   */
  async queuePublished(
    db: Kysely<Database>,
    published: readonly PublishedDocument[],
  ): Promise<void> {
    if (!this.mailer.enabled || published.length === 0) return;
    const byReceiver = groupBy(
      await this.repository.recipients(db, unique(published.map((d) => d.receiverRuc))),
    );
    const mails: OutgoingMail[] = [];
    const digestItems: { cliente_doc: string; day: string; document_id: number }[] = [];
    const today = todayInLima(this.now());
    for (const [receiverRuc, recipients] of byReceiver) {
      const sent = published.filter((doc) => doc.receiverRuc === receiverRuc);
      // Only what the account may see: a document of an issuer it was not granted says nothing.
      const visible = await this.repository.visibleIds(
        db,
        receiverRuc,
        sent.map((doc) => doc.id),
      );
      const docs = sent.filter((doc) => visible.has(doc.id));
      if (docs.length === 0) continue;
      if (recipients[0]!.mode === 'digest') {
        digestItems.push(
          ...docs.map((doc) => ({ cliente_doc: receiverRuc, day: today, document_id: doc.id })),
        );
        continue;
      }
      const links = this.links(receiverRuc);
      for (const doc of docs) {
        mails.push(
          ...this.write(recipients, links, `document:${doc.id}`, (language) =>
            documentNoticeMail[language]({ doc, links }),
          ),
        );
      }
    }
    await this.mailer.queue(mails, db);
    await this.repository.addDigestItems(db, digestItems);
  }

  /** Queues every digest of a past day not sent yet; answers how many receivers got one. */
  async runDigests(db: Kysely<Database>): Promise<number> {
    if (!this.mailer.enabled) return 0;
    const today = todayInLima(this.now());
    let queued = 0;
    for (;;) {
      const due = await this.repository.dueDigests(today, DIGESTS_PER_ROUND);
      for (const { cliente_doc: receiverRuc, day } of due) {
        const sent = await db.transaction().execute(async (trx) => {
          const ids = await this.repository.takeDigest(trx, receiverRuc, day);
          if (ids.length === 0) return false;
          // A receiver who changed its mind since the documents arrived gets no digest.
          const recipients = (await this.repository.recipients(trx, [receiverRuc])).filter(
            (recipient) => recipient.mode === 'digest',
          );
          if (recipients.length === 0) return false;
          const docs = await this.repository.documents(
            trx,
            receiverRuc,
            ids.slice(0, DIGEST_MAX_LISTED),
          );
          const links = {
            ...this.links(receiverRuc),
            portal: this.mailer.link(PAGES.client.dashboard.href()),
          };
          const mails = this.write(recipients, links, `digest:${receiverRuc}:${day}`, (language) =>
            digestMail[language]({ day, count: ids.length, docs, links }),
          );
          await this.mailer.queue(mails, trx);
          return true;
        });
        if (sent) queued += 1;
      }
      if (due.length < DIGESTS_PER_ROUND) break;
    }
    if (queued > 0) this.mailer.wake();
    return queued;
  }

  private links(receiverRuc: string): NoticeLinks {
    return {
      // The RUC fills in the login when the session has ended by the time the mail is read.
      open: (id) => this.mailer.link(PAGES.client.document.href(id, `ruc=${receiverRuc}`)),
      unsubscribe: this.unsubscribeUrl(receiverRuc),
    };
  }

  private write(
    recipients: readonly NoticeRecipient[],
    links: NoticeLinks,
    key: string,
    render: (language: 'es' | 'en') => { subject: string; text: string },
  ): OutgoingMail[] {
    return recipients.map(({ address, language }) => {
      const { subject, text } = render(mailLanguage(language));
      return {
        recipient: address,
        subject,
        body: text,
        dedupeKey: `${key}:${addressHash(address)}`,
        // RFC 2369 and RFC 8058: clients show an unsubscribe button that POSTs to the link.
        headers: {
          'List-Unsubscribe': `<${links.unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    });
  }
}

/** Addresses are up to 254 characters; the key column keeps a digest of them. */
function addressHash(address: string): string {
  return createHash('sha256').update(address.toLowerCase()).digest('base64url').slice(0, 32);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function groupBy(rows: readonly NoticeRecipient[]): Map<string, NoticeRecipient[]> {
  const groups = new Map<string, NoticeRecipient[]>();
  for (const row of rows) {
    const group = groups.get(row.receiverRuc);
    if (group === undefined) groups.set(row.receiverRuc, [row]);
    else group.push(row);
  }
  return groups;
}
