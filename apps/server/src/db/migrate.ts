import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as initial from './migrations/2026_11_21_0001_initial.js';
import type { Database } from './types.js';

/** Every migration, by name; names sort in the order they run. */
const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026_11_21_0001_initial': initial,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

export class MigrationError extends Error {
  constructor(name: string | undefined, cause: unknown) {
    super(`Database migration ${name ?? '(unknown)'} failed`, { cause });
    this.name = 'MigrationError';
  }
}

/** Brings the schema to the latest version; throws when any step fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed) throw new MigrationError(failed?.migrationName, error);
  return results.map((result) => result.migrationName);
}
