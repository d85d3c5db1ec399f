import { sql, type Kysely } from 'kysely';

// Migrations are frozen: they take Kysely<any> so later type changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // What a receiver is told when a document addressed to it is published.
  await db.schema
    .alterTable('clients')
    .addColumn('notice_mode', 'varchar(6)', (col) =>
      col
        .notNull()
        .defaultTo('none')
        .check(sql`notice_mode in ('none', 'each', 'digest')`),
    )
    .execute();

  // A mail queued twice for the same reason (a retried publish, two instances
  // running the digest) is kept once; other mail has no key.
  await db.schema.alterTable('mail_outbox').addColumn('dedupe_key', 'varchar(200)').execute();
  await db.schema
    .createIndex('mail_outbox_dedupe_key')
    .on('mail_outbox')
    .column('dedupe_key')
    .unique()
    .execute();
  // Extra headers as a JSON object (List-Unsubscribe…).
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();

  // Documents waiting for a receiver's daily digest, by Lima calendar day of publishing;
  // the digest takes (deletes) a day's rows in the transaction that queues its mail.
  await db.schema
    .createTable('notice_digest_items')
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.notNull().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('document_id', 'integer', (col) =>
      col.notNull().references('documents.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('notice_digest_items_pk', ['cliente_doc', 'day', 'document_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notice_digest_items').execute();
  await db.schema.dropIndex('mail_outbox_dedupe_key').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('dedupe_key').execute();
  await db.schema.alterTable('clients').dropColumn('notice_mode').execute();
}
