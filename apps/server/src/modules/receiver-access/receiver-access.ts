import { expressionBuilder, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/types.js';

const eb = expressionBuilder<Database, never>();

/**
 * Whether the receiver account may see what `issuer` sent it: every issuer
 * once the account is verified, otherwise only the issuers granted to it. A
 * document proof opens its own issuer only, because the issuer of a document
 * knows its data and any issuer can publish a document to any RUC.
 */
export function issuerOpenTo(clienteDoc: string, issuer: Expression<string>): Expression<SqlBool> {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('clients')
        .select('clients.documento')
        .where('clients.documento', '=', clienteDoc)
        .where('clients.verified_at', 'is not', null),
    ),
    eb(
      issuer,
      'in',
      eb
        .selectFrom('receiver_grants')
        .select('receiver_grants.emisor')
        .where('receiver_grants.cliente_doc', '=', clienteDoc),
    ),
  ]);
}

/**
 * The documents a receiver account may see: the one rule every receiver query
 * over `documents` applies (`.where(receiverMaySee(ruc))`).
 */
export function receiverMaySee(clienteDoc: string) {
  return (documents: ExpressionBuilder<Database, 'documents'>): Expression<SqlBool> =>
    documents.and([
      documents('documents.cliente_doc', '=', clienteDoc),
      issuerOpenTo(clienteDoc, documents.ref('documents.emisor')),
    ]);
}
