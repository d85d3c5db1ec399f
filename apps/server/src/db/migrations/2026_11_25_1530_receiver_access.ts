import { sql, type Kysely } from 'kysely';

/*
 * A document proof opens one issuer, never all: the issuer of a document knows
 * its data, and any issuer can publish a document to any RUC. So an account
 * sees the issuers granted to it, or every issuer once its RUC is verified (by
 * the operator, or by a login to SUNAT's SIRE with the company's own
 * credentials). Accounts made before this rule keep the issuers they could see.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('receiver_grants')
    .addColumn('cliente_doc', 'varchar(15)', (col) =>
      col.notNull().references('clients.documento').onDelete('cascade'),
    )
    .addColumn('emisor', 'char(11)', (col) => col.notNull())
    .addColumn('proof', 'varchar(12)', (col) =>
      col.notNull().check(sql`proof in ('document', 'before_rule')`),
    )
    .addColumn('granted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('receiver_grants_pk', ['cliente_doc', 'emisor'])
    .execute();
  await db.schema
    .alterTable('clients')
    .addColumn('verified_by', 'varchar(8)', (col) =>
      col.check(sql`verified_by in ('operator', 'sire')`),
    )
    .addColumn('verified_at', 'timestamptz')
    .execute();
  await sql`insert into receiver_grants (cliente_doc, emisor, proof)
    select client_issuers.cliente_doc, client_issuers.emisor, 'before_rule'
    from client_issuers
    join clients on clients.documento = client_issuers.cliente_doc`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('clients')
    .dropColumn('verified_by')
    .dropColumn('verified_at')
    .execute();
  await db.schema.dropTable('receiver_grants').execute();
}
