import type { Kysely } from 'kysely';
import type { Database, MailOutboxRow } from '../db/types.js';

export interface OutgoingMail {
  recipient: string;
  subject: string;
  body: string;
  /** Set: a mail with the same key already queued makes this one a no-op. */
  dedupeKey?: string;
  headers?: Readonly<Record<string, string>>;
}

/**
 * The mail queue, a table. Writers insert in their own transaction, so a mail
 * exists exactly when what caused it committed; senders claim due rows with
 * FOR UPDATE SKIP LOCKED, so several processes never take the same row.
 */
export class OutboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(db: Kysely<Database>, mails: readonly OutgoingMail[], now: Date): Promise<void> {
    if (mails.length === 0) return;
    await db
      .insertInto('mail_outbox')
      .values(
        mails.map(({ recipient, subject, body, dedupeKey, headers }) => ({
          recipient,
          subject,
          body,
          dedupe_key: dedupeKey ?? null,
          headers: headers === undefined ? null : JSON.stringify(headers),
          next_attempt_at: now,
        })),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /**
   * Takes up to `limit` due mails and pushes their next attempt `leaseMs` away:
   * a process that dies mid-send leaves them to be retried after the lease.
   */
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<MailOutboxRow[]> {
    return this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + leaseMs),
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async markSent(id: number, now: Date): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: now, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  /** Schedules another attempt, or gives up for good when `retryAt` is null. */
  async markFailed(id: number, error: string, retryAt: Date | null): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set(
        retryAt === null
          ? { status: 'failed', last_error: error }
          : { next_attempt_at: retryAt, last_error: error },
      )
      .where('id', '=', id)
      .execute();
  }
}
