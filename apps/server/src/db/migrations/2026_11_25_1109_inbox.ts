import { sql, type Kysely } from 'kysely';

/**
 * Mail that brings documents in: each receiver's own inbound address, every
 * mail received for it (its raw bytes are a stored file), and what became of
 * each attachment.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inbox_addresses')
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.primaryKey().references('clients.documento').onDelete('cascade'),
    )
    // The local part of `<tag>@INBOUND_DOMAIN`, or the plus tag of the operator's mailbox.
    .addColumn('tag', 'varchar(40)', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('inbound_mails')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.notNull().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('via', 'varchar(4)', (col) => col.notNull().check(sql`via in ('smtp', 'imap')`))
    .addColumn('message_id', 'text')
    // Message-ID and a hash of the body: the same mail delivered again has the same key.
    .addColumn('dedupe_key', 'char(64)', (col) => col.notNull())
    // The mail as it arrived, in the file store; null for a repeat, which is not read.
    .addColumn('raw_hash', 'char(64)')
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sender', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .addColumn('state', 'varchar(9)', (col) =>
      col
        .notNull()
        .defaultTo('pendiente')
        .check(sql`state in ('pendiente', 'procesado', 'repetido', 'fallido')`),
    )
    .addColumn('reason', 'text')
    .addColumn('repeat_of', 'bigint', (col) =>
      col.references('inbound_mails.id').onDelete('cascade'),
    )
    // `<UIDVALIDITY>:<UID>` of the message in the operator's mailbox, so that a
    // message taken but not yet moved when the process stopped is not taken twice.
    .addColumn('imap_source', 'varchar(60)')
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('inbound_mails_first')
    .on('inbound_mails')
    .columns(['cliente_doc', 'dedupe_key'])
    .unique()
    .where(sql.ref('repeat_of'), 'is', null)
    .execute();
  await db.schema
    .createIndex('inbound_mails_imap_source')
    .on('inbound_mails')
    .columns(['cliente_doc', 'imap_source'])
    .unique()
    .where(sql.ref('imap_source'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('inbound_mails_log')
    .on('inbound_mails')
    .columns(['cliente_doc', 'id desc'])
    .execute();

  await db.schema
    .createTable('inbound_mail_attachments')
    .addColumn('mail_id', 'bigint', (col) =>
      col.notNull().references('inbound_mails.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(9)', (col) =>
      col.notNull().check(sql`state in ('agregado', 'duplicado', 'rechazado', 'omitido')`),
    )
    .addColumn('reason', 'text')
    .addColumn('document_id', 'bigint')
    .addPrimaryKeyConstraint('inbound_mail_attachments_pk', ['mail_id', 'position'])
    .execute();

  // Which instance polls the operator's IMAP mailbox, and until when.
  await db.schema
    .createTable('inbound_poll_leases')
    .addColumn('name', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('holder', 'varchar(100)', (col) => col.notNull())
    .addColumn('until', 'timestamptz', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inbound_poll_leases').execute();
  await db.schema.dropTable('inbound_mail_attachments').execute();
  await db.schema.dropTable('inbound_mails').execute();
  await db.schema.dropTable('inbox_addresses').execute();
}
