import type { NoticeMode } from '@sufel/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { receiverMaySee } from '../receiver-access/receiver-access.js';
import { toNoticeDocument } from './notice-document.js';
import type { NoticeDocument } from './notice-mails.js';

export interface NoticeRecipient {
  receiverRuc: string;
  mode: NoticeMode;
  address: string;
  language: string;
}

/** Receivers' notice choices, and the documents waiting for their daily digest. */
export class NoticesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async mode(receiverRuc: string): Promise<NoticeMode | undefined> {
    const row = await this.db
      .selectFrom('clients')
      .select('notice_mode')
      .where('documento', '=', receiverRuc)
      .executeTakeFirst();
    return row?.notice_mode;
  }

  async hasConfirmedAddress(receiverRuc: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('client_emails')
      .select('id')
      .where('cliente_doc', '=', receiverRuc)
      .where('confirmed_at', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setMode(receiverRuc: string, mode: NoticeMode): Promise<boolean> {
    const result = await this.db
      .updateTable('clients')
      .set({ notice_mode: mode })
      .where('documento', '=', receiverRuc)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Confirmed addresses of those receivers that want notices, with their choice. */
  async recipients(
    db: Kysely<Database>,
    receiverRucs: readonly string[],
  ): Promise<NoticeRecipient[]> {
    if (receiverRucs.length === 0) return [];
    return db
      .selectFrom('clients')
      .innerJoin('client_emails', 'client_emails.cliente_doc', 'clients.documento')
      .select([
        'clients.documento as receiverRuc',
        'clients.notice_mode as mode',
        'client_emails.address',
        'client_emails.language',
      ])
      .where('clients.documento', 'in', receiverRucs)
      .where('clients.notice_mode', '!=', 'none')
      .where('client_emails.confirmed_at', 'is not', null)
      .orderBy('client_emails.id')
      .execute();
  }

  /** The ids among `ids` of documents the receiver may see. */
  async visibleIds(
    db: Kysely<Database>,
    receiverRuc: string,
    ids: readonly number[],
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('documents')
      .select('id')
      .where('id', 'in', ids)
      .where(receiverMaySee(receiverRuc))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  async addDigestItems(
    db: Kysely<Database>,
    items: readonly { cliente_doc: string; day: string; document_id: number }[],
  ): Promise<void> {
    if (items.length === 0) return;
    await db
      .insertInto('notice_digest_items')
      .values([...items])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Receivers and days before `today` whose digest was not sent yet. */
  async dueDigests(today: string, limit: number): Promise<{ cliente_doc: string; day: string }[]> {
    return this.db
      .selectFrom('notice_digest_items')
      .select(['cliente_doc', 'day'])
      .distinct()
      .where('day', '<', today)
      .orderBy('day')
      .orderBy('cliente_doc')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a day's documents out of the digest queue; with several instances
   * only one gets them (the others find the rows gone once it commits).
   */
  async takeDigest(db: Kysely<Database>, receiverRuc: string, day: string): Promise<number[]> {
    const rows = await db
      .deleteFrom('notice_digest_items')
      .where('cliente_doc', '=', receiverRuc)
      .where('day', '=', day)
      .returning('document_id')
      .execute();
    return rows.map((row) => row.document_id).sort((a, b) => a - b);
  }

  /** The documents among `ids` the receiver may see (never another receiver's). */
  async documents(
    db: Kysely<Database>,
    receiverRuc: string,
    ids: readonly number[],
  ): Promise<NoticeDocument[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('documents')
      .leftJoin('document_validity', 'document_validity.document_id', 'documents.id')
      .select([
        'documents.id',
        'emisor',
        'emisor_nombre',
        'tipo',
        'serie',
        'numero',
        'fecha',
        'total',
        'moneda',
        'baja',
        'firma_estado',
        'cdr_hash',
        'cdr_codigo',
        'cdr_respuesta',
        'document_validity.estado_cp',
      ])
      .where('documents.id', 'in', ids)
      .where(receiverMaySee(receiverRuc))
      .orderBy('documents.id')
      .execute();
    return rows.map((row) =>
      toNoticeDocument(row, row.estado_cp === null ? null : { estadoCp: row.estado_cp }),
    );
  }
}
