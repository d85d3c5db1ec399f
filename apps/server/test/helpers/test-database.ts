import { Kysely, PGliteDialect } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectPostgres, openPglite } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { pgliteListen, postgresListen, type Listen } from '../../src/db/notifications.js';
import type { Database } from '../../src/db/types.js';

export interface TestDatabase {
  db: Kysely<Database>;
  engine: 'postgres' | 'pglite';
  /** Connection string of the PostgreSQL database; undefined for PGlite. */
  url?: string;
  listen: Listen;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database per test file: a database of its own on the
 * PostgreSQL server named by TEST_DATABASE_URL, or an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    const pglite = await openPglite(undefined);
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    await migrateToLatest(db);
    return { db, engine: 'pglite', listen: pgliteListen(pglite), drop: () => db.destroy() };
  }
  const name = `sufel_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = connectPostgres(url.toString(), 4);
  await migrateToLatest(db);
  return {
    db,
    engine: 'postgres',
    url: url.toString(),
    listen: postgresListen(url.toString()),
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * The same database as `database`, as another instance would open it: its own
 * connection pool on PostgreSQL, the same in-process engine on PGlite. Dropping
 * it closes only what it opened.
 */
export function secondConnection(database: TestDatabase): TestDatabase {
  if (database.url === undefined) return { ...database, drop: () => Promise.resolve() };
  const db = connectPostgres(database.url, 4);
  return {
    db,
    engine: 'postgres',
    url: database.url,
    listen: postgresListen(database.url),
    drop: () => db.destroy(),
  };
}
