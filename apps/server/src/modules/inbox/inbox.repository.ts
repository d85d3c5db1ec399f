import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  InboundAttachmentState,
  InboundMailAttachmentsTable,
  InboundMailsTable,
} from '../../db/types.js';

export type InboundMailRow = Selectable<InboundMailsTable>;
export type InboundAttachmentRow = Selectable<InboundMailAttachmentsTable>;

export interface NewInboundMail {
  receiverRuc: string;
  via: 'smtp' | 'imap';
  messageId: string | null;
  dedupeKey: string;
  rawHash: string;
  size: number;
  sender: string;
  subject: string;
  receivedAt: Date;
  imapSource: string | null;
}

export interface AttachmentOutcome {
  fileName: string;
  state: InboundAttachmentState;
  reason: string | null;
  documentId: number | null;
}

/** Inbound addresses, received mails and the outcome of each attachment. */
export class InboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async tagOf(receiverRuc: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('inbox_addresses')
      .select('tag')
      .where('cliente_doc', '=', receiverRuc)
      .executeTakeFirst();
    return row?.tag;
  }

  /** Gives the account this tag unless it has one or the tag is taken; answers the account's tag. */
  async claimTag(receiverRuc: string, tag: string): Promise<string | undefined> {
    await this.db
      .insertInto('inbox_addresses')
      .values({ cliente_doc: receiverRuc, tag })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return this.tagOf(receiverRuc);
  }

  /** The accounts of these tags; unknown tags are left out. */
  async receiversOf(tags: readonly string[]): Promise<Map<string, string>> {
    if (tags.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('inbox_addresses')
      .select(['tag', 'cliente_doc'])
      .where('tag', 'in', tags)
      .execute();
    return new Map(rows.map((row) => [row.tag, row.cliente_doc]));
  }

  /** Stores a first delivery; answers its id, or undefined when the mail was received before. */
  async insertFirst(trx: Kysely<Database>, mail: NewInboundMail): Promise<number | undefined> {
    const row = await trx
      .insertInto('inbound_mails')
      .values(this.columns(mail))
      .onConflict((oc) =>
        oc.columns(['cliente_doc', 'dedupe_key']).where('repeat_of', 'is', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The first delivery of a mail with this key. */
  async firstDelivery(
    trx: Kysely<Database>,
    receiverRuc: string,
    dedupeKey: string,
  ): Promise<Pick<InboundMailRow, 'id' | 'received_at'> | undefined> {
    return trx
      .selectFrom('inbound_mails')
      .select(['id', 'received_at'])
      .where('cliente_doc', '=', receiverRuc)
      .where('dedupe_key', '=', dedupeKey)
      .where('repeat_of', 'is', null)
      .executeTakeFirst();
  }

  /** Records a repeated delivery, which is not read again. */
  async insertRepeat(
    trx: Kysely<Database>,
    mail: NewInboundMail,
    firstId: number,
    reason: string,
  ): Promise<number> {
    const row = await trx
      .insertInto('inbound_mails')
      .values({
        ...this.columns(mail),
        raw_hash: null,
        repeat_of: firstId,
        state: 'repetido',
        reason,
        processed_at: mail.receivedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Whether this message of the operator's mailbox was already taken for this account. */
  async hasImapSource(
    trx: Kysely<Database>,
    receiverRuc: string,
    imapSource: string,
  ): Promise<boolean> {
    const row = await trx
      .selectFrom('inbound_mails')
      .select('id')
      .where('cliente_doc', '=', receiverRuc)
      .where('imap_source', '=', imapSource)
      .executeTakeFirst();
    return row !== undefined;
  }

  async find(id: number): Promise<InboundMailRow | undefined> {
    return this.db.selectFrom('inbound_mails').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Writes the outcome of a mail still pending; answers false when it was no
   * longer pending (another run finished it), so the caller can roll back.
   */
  async finish(
    trx: Kysely<Database>,
    id: number,
    outcome: {
      state: 'procesado' | 'fallido';
      reason: string | null;
      attachments: readonly AttachmentOutcome[];
      at: Date;
    },
  ): Promise<boolean> {
    const updated = await trx
      .updateTable('inbound_mails')
      .set({ state: outcome.state, reason: outcome.reason, processed_at: outcome.at })
      .where('id', '=', id)
      .where('state', '=', 'pendiente')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (outcome.attachments.length > 0) {
      await trx
        .insertInto('inbound_mail_attachments')
        .values(
          outcome.attachments.map((attachment, index) => ({
            mail_id: id,
            position: index + 1,
            file_name: attachment.fileName,
            state: attachment.state,
            reason: attachment.reason,
            document_id: attachment.documentId,
          })),
        )
        .execute();
    }
    return true;
  }

  /** Says why a pending mail waits (a store that is down), without changing its state. */
  async noteDelay(id: number, reason: string): Promise<void> {
    await this.db
      .updateTable('inbound_mails')
      .set({ reason })
      .where('id', '=', id)
      .where('state', '=', 'pendiente')
      .execute();
  }

  /** A page of an account's mails, newest first, and the attachments of each. */
  async page(
    receiverRuc: string,
    limit: number,
    beforeId: number | undefined,
  ): Promise<{ mails: InboundMailRow[]; attachments: InboundAttachmentRow[] }> {
    let query = this.db
      .selectFrom('inbound_mails')
      .selectAll()
      .where('cliente_doc', '=', receiverRuc)
      .orderBy('id', 'desc')
      .limit(limit);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    const mails = await query.execute();
    const attachments =
      mails.length === 0
        ? []
        : await this.db
            .selectFrom('inbound_mail_attachments')
            .selectAll()
            .where(
              'mail_id',
              'in',
              mails.map((mail) => mail.id),
            )
            .orderBy('mail_id')
            .orderBy('position')
            .execute();
    return { mails, attachments };
  }

  /**
   * Takes or renews the lease `name` for `holder` until `until`, unless another
   * holder's lease still runs; answers whether `holder` has it.
   */
  async takeLease(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('inbound_poll_leases')
      .values({ name, holder, until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, until })
          .where((eb) =>
            eb.or([
              eb('inbound_poll_leases.until', '<', now),
              eb('inbound_poll_leases.holder', '=', holder),
            ]),
          ),
      )
      .returning('holder')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends `holder`'s lease, so another instance may take it at once. */
  async releaseLease(name: string, holder: string, now: Date): Promise<void> {
    await this.db
      .updateTable('inbound_poll_leases')
      .set({ until: now })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .execute();
  }

  private columns(mail: NewInboundMail) {
    return {
      cliente_doc: mail.receiverRuc,
      via: mail.via,
      message_id: mail.messageId,
      dedupe_key: mail.dedupeKey,
      raw_hash: mail.rawHash,
      size: mail.size,
      sender: mail.sender,
      subject: mail.subject,
      received_at: mail.receivedAt,
      imap_source: mail.imapSource,
    };
  }
}
