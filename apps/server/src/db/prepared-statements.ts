import type { CompiledQuery } from 'kysely';
import pg from 'pg';

/**
 * The SQL texts that PostgreSQL should keep prepared, by statement name. A
 * statement sent by name is parsed and planned once per pooled connection and
 * then only bound and executed, which halves the database's work for a
 * one-row lookup. Only fixed texts belong here: each stays prepared on every
 * connection for as long as it lives.
 */
const statementNames = new Map<string, string>();

/**
 * Marks a compiled query as a named prepared statement on PostgreSQL (the
 * embedded database runs it as before). Its text must not change from one run
 * to the next: only the parameters may.
 */
export function preparedStatement<R>(name: string, query: CompiledQuery<R>): CompiledQuery<R> {
  const known = statementNames.get(query.sql);
  if (known !== undefined && known !== name) {
    throw new Error(`The statement "${name}" is already prepared as "${known}"`);
  }
  for (const [sql, other] of statementNames) {
    if (other === name && sql !== query.sql) {
      throw new Error(`The statement name "${name}" is taken by another statement`);
    }
  }
  statementNames.set(query.sql, name);
  return query;
}

/** The name a statement text is prepared under, if it is. */
export function preparedStatementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * pg's client, sending the statements marked with `preparedStatement` by name.
 * The pool creates its connections with it; everything else goes through
 * unchanged.
 */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    if (name !== undefined && Array.isArray(values) && args.length === 2) {
      return super.query({ name, text: text as string, values }) as never;
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}
