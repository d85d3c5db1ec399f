import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../../db/types.js';

const eb = expressionBuilder<Database, never>();

/**
 * Whether the receiver account may see what `issuer` sent it: every issuer
 * once the account is verified, otherwise only the issuers granted to it. A
 * document proof opens its own issuer only, because the issuer of a document
 * knows its data and any issuer can publish a document to any RUC.
 */
export function issuerOpenTo(receiverRuc: string, issuer: Expression<string>): Expression<SqlBool> {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('clients')
        .select('clients.documento')
        .where('clients.documento', '=', receiverRuc)
        .where('clients.verified_at', 'is not', null),
    ),
    eb(
      issuer,
      'in',
      eb
        .selectFrom('receiver_grants')
        .select('receiver_grants.emisor')
        .where('receiver_grants.cliente_doc', '=', receiverRuc),
    ),
  ]);
}

/**
 * The documents a receiver account may see: the one rule every receiver query
 * over `documents` applies (`.where(receiverMaySee(ruc))`). Published documents
 * by issuer as above; the copies the account added itself (upload, mail)
 * until it removes them, and no one else's, except where the same document published by its
 * issuer is open to the account: that one row stands for it.
 */
export function receiverMaySee(receiverRuc: string) {
  return (documents: ExpressionBuilder<Database, 'documents'>): Expression<SqlBool> =>
    documents.and([
      documents('documents.cliente_doc', '=', receiverRuc),
      documents.or([
        documents.and([
          documents('documents.origen', '=', sql.lit('emisor')),
          issuerOpenTo(receiverRuc, documents.ref('documents.emisor')),
        ]),
        documents.and([
          documents('documents.origen', '<>', sql.lit('emisor')),
          documents('documents.quitado_at', 'is', null),
          documents.not(
            documents.exists(
              publishedCopyOpenTo(receiverRuc, {
                emisor: documents.ref('documents.emisor'),
                tipo: documents.ref('documents.tipo'),
                serie: documents.ref('documents.serie'),
                numero: documents.ref('documents.numero'),
              }),
            ),
          ),
        ]),
      ]),
    ]);
}

/** The published document with this key issued to the account, if the account may see it. */
export function publishedCopyOpenTo(
  receiverRuc: string,
  key: {
    emisor: Expression<string>;
    tipo: Expression<string>;
    serie: Expression<string>;
    numero: Expression<number>;
  },
) {
  return eb
    .selectFrom('documents as published')
    .select('published.id')
    .where('published.origen', '=', sql.lit('emisor'))
    .where('published.emisor', '=', key.emisor)
    .where('published.tipo', '=', key.tipo)
    .where('published.serie', '=', key.serie)
    .where('published.numero', '=', key.numero)
    .where('published.cliente_doc', '=', receiverRuc)
    .where((inner) => issuerOpenTo(receiverRuc, inner.ref('published.emisor')));
}
