import { sql, type Kysely } from 'kysely';

// Migrations are frozen: they take Kysely<any> so later type changes never break them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A receiver's e-mail addresses; mail goes only to those confirmed by a link.
  await db.schema
    .createTable('client_emails')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.notNull().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('address', 'varchar(254)', (col) => col.notNull())
    .addColumn('language', 'varchar(2)', (col) => col.notNull().defaultTo('es'))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('client_emails_address')
    .on('client_emails')
    .expression(sql`cliente_doc, lower(address)`)
    .unique()
    .execute();

  // Outgoing mail, written in the same transaction as what caused it and sent
  // by a worker outside any request; rows are claimed with FOR UPDATE SKIP LOCKED.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('recipient', 'varchar(254)', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(7)', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['next_attempt_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('client_emails').execute();
}
