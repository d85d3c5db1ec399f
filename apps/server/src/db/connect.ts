import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { pgliteListen, postgresListen, type Listen } from './notifications.js';
import { PreparingClient } from './prepared-statements.js';
import type { Database } from './types.js';

/**
 * DATE stays text (`YYYY-MM-DD`): parsing it into a JS Date would shift it by
 * the server's time zone. int8 (counts) becomes a number: no count reaches 2^53.
 */
const PARSERS: Readonly<Record<number, (value: string) => unknown>> = {
  [pgliteTypes.DATE]: (value) => value,
  [pgliteTypes.INT8]: (value) => Number(value),
};

const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PARSERS[oid] ??
    (pg.types.getTypeParser(oid, format) as (
      value: string,
    ) => unknown)) as typeof pg.types.getTypeParser,
};

export type DatabaseEngine = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Where the embedded database lives, or a description of the server. */
  location: string;
  /** NOTIFY reaches every listener on the database, in this process and others. */
  listen: Listen;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; unset: in memory. */
  pgliteDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export interface PostgresOptions {
  /**
   * false: a commit returns before it reaches the disk. Only for state whose
   * last fraction of a second may be lost in a crash of the database server.
   */
  durableCommits?: boolean;
}

export function connectPostgres(
  databaseUrl: string,
  maxConnections = 10,
  { durableCommits = true }: PostgresOptions = {},
): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: maxConnections,
    types: pgTypes,
    Client: PreparingClient,
    // The planner's cost estimates for a receiver's list reach JIT's threshold,
    // and compiling the plan cost more than running it (150 ms of a 195 ms count
    // at 1 M documents): these short queries are never worth compiling.
    options: durableCommits ? '-c jit=off' : '-c jit=off -c synchronous_commit=off',
  });
  // An idle connection the server closed (a restart, a failover, an operator)
  // is an event, not a crash: the pool drops it and opens another on demand.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // pg-pool listens for a client's errors only until the first one; a connection
  // that breaks twice (a reset, then its end) would throw the second at the
  // process. The query it ran, if any, fails on its own and is answered 503.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function openPglite(dir: string | undefined): Promise<PGlite> {
  if (dir !== undefined) await mkdir(dir, { recursive: true });
  return PGlite.create(dir, { parsers: PARSERS });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl !== undefined) {
    const url = new URL(options.databaseUrl);
    return {
      db: connectPostgres(options.databaseUrl, options.maxConnections),
      engine: 'postgres',
      location: `${url.hostname}:${url.port || '5432'}${url.pathname}`,
      listen: postgresListen(options.databaseUrl),
    };
  }
  const dir = options.pgliteDir === undefined ? undefined : path.resolve(options.pgliteDir);
  const pglite = await openPglite(dir);
  return {
    db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }),
    engine: 'pglite',
    location: dir ?? 'memory',
    listen: pgliteListen(pglite),
  };
}
