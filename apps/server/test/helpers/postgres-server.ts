import pg from 'pg';

/**
 * The PostgreSQL server tests that start whole server processes use: CI runs
 * one; elsewhere TEST_DATABASE_URL, or a server at the default address.
 */
export const POSTGRES_SERVER_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: POSTGRES_SERVER_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A database of its own on that server, dropped (connections and all) by `drop`. */
export async function freshPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
