import type { Inbox } from '@sufel/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FileStore } from '../../file-store/file-store.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { addressOf, newTag, type InboundAddressing } from './inbox-address.js';
import { INBOX_PROCESS } from './inbox-processing.js';
import type { InboxRepository, NewInboundMail } from './inbox.repository.js';
import { readMailHead, type MailHead } from './mail-reading.js';

/** How a mail came in: the listener, or a message of the operator's mailbox. */
export type MailSource = { via: 'smtp' } | { via: 'imap'; message: string };

/** What receiving did: the log entries written (first deliveries and repeats). */
export interface ReceivedMail {
  /** First deliveries, queued to be read. */
  queued: number[];
  repeated: number[];
}

/** Attempts at drawing a tag nobody has; a clash is one in a trillion. */
const TAG_ATTEMPTS = 3;

function limaDateTime(date: Date): string {
  return new Intl.DateTimeFormat('es-PE', {
    timeZone: 'America/Lima',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(date);
}

/**
 * Each receiver's inbound address and mail log, and the one way a mail
 * becomes part of the archive: its raw bytes stored and its reading queued in
 * the transaction that writes its log entry, before the sender is answered.
 */
export class InboxService {
  constructor(
    private readonly repository: InboxRepository,
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly jobs: JobQueue,
    private readonly addressing: InboundAddressing,
    private readonly now: () => Date,
  ) {}

  /** The account's address (given on first sight) and a page of its mail log. */
  async inbox(receiverRuc: string, query: { limit: number; cursor?: string }): Promise<Inbox> {
    const { limit } = query;
    const direccion = await this.address(receiverRuc);
    const { mails, attachments } = await this.repository.page(
      receiverRuc,
      limit + 1,
      query.cursor === undefined ? undefined : Number(query.cursor),
    );
    const page = mails.slice(0, limit);
    return {
      direccion,
      correos: page.map((mail) => ({
        id: mail.id,
        de: mail.sender,
        asunto: mail.subject,
        recibido: mail.received_at.toISOString(),
        estado: mail.state,
        motivo: mail.reason,
        adjuntos: attachments
          .filter((attachment) => attachment.mail_id === mail.id)
          .map((attachment) => ({
            archivo: attachment.file_name,
            estado: attachment.state,
            motivo: attachment.reason,
          })),
      })),
      nextCursor: mails.length > limit ? String(page.at(-1)!.id) : null,
    };
  }

  private async address(receiverRuc: string): Promise<string | null> {
    if (addressOf('x', this.addressing) === null) return null;
    let tag = await this.repository.tagOf(receiverRuc);
    for (let attempt = 0; tag === undefined && attempt < TAG_ATTEMPTS; attempt += 1) {
      tag = await this.repository.claimTag(receiverRuc, newTag(receiverRuc));
    }
    if (tag === undefined) throw new Error(`no inbound tag could be given to ${receiverRuc}`);
    return addressOf(tag, this.addressing);
  }

  /** The accounts the given tags belong to, by tag. */
  receiversOf(tags: readonly string[]): Promise<Map<string, string>> {
    return this.repository.receiversOf(tags);
  }

  /** Reads what receiving needs from the header block, before any recipient is known. */
  head(raw: Uint8Array): Promise<MailHead> {
    return readMailHead(raw);
  }

  /**
   * Makes a mail durable for each of its receivers: the raw bytes in the file
   * store, then in one transaction its log entries and the jobs that read it.
   * A mail already received by an account is logged as a repeat, not read
   * again. Throws (nothing written) when the store or the database fails.
   */
  async receive(
    raw: Uint8Array,
    head: MailHead,
    receivers: readonly string[],
    source: MailSource,
  ): Promise<ReceivedMail> {
    const staged = await this.files.stage([raw]);
    const receivedAt = this.now();
    return this.db.transaction().execute(async (trx) => {
      await staged.record(trx);
      const received: ReceivedMail = { queued: [], repeated: [] };
      for (const receiverRuc of new Set(receivers)) {
        const imapSource = source.via === 'imap' ? source.message : null;
        if (
          imapSource !== null &&
          (await this.repository.hasImapSource(trx, receiverRuc, imapSource))
        ) {
          continue;
        }
        const mail: NewInboundMail = {
          receiverRuc,
          via: source.via,
          messageId: head.messageId,
          dedupeKey: head.dedupeKey,
          rawHash: staged.hashes[0]!,
          size: raw.byteLength,
          sender: head.sender,
          subject: head.subject,
          receivedAt,
          imapSource,
        };
        const id = await this.repository.insertFirst(trx, mail);
        if (id !== undefined) {
          await this.jobs.add(trx, INBOX_PROCESS, [{ payload: { mailId: id } }]);
          received.queued.push(id);
          continue;
        }
        const first = await this.repository.firstDelivery(trx, receiverRuc, head.dedupeKey);
        if (first === undefined) throw new Error('inbound mail vanished while being received');
        received.repeated.push(
          await this.repository.insertRepeat(
            trx,
            mail,
            first.id,
            `Este correo ya había llegado el ${limaDateTime(first.received_at)}; no se leyó otra vez.`,
          ),
        );
      }
      return received;
    });
  }
}
