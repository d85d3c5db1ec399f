import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadJwtSecret } from './auth/secret.js';
import { ConfigError, type AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connect.js';
import { lockEmbeddedDatabase } from './db/embedded-lock.js';
import { migrateToLatest } from './db/migrate.js';
import { SettingsRepository } from './db/settings.repository.js';
import type { FileStore } from './file-store/file-store.js';
import { openFileStore } from './file-store/open-file-store.js';
import { countStoredSecrets } from './secrets/secret-store.js';
import { loadSecretsKey } from './secrets/secrets-key.js';

export interface Storage {
  database: DatabaseHandle;
  files: FileStore;
  jwtSecret: Uint8Array;
  /** Unset with DATABASE_URL and no SECRETS_KEY: no secret can be stored. */
  secretsKey: string | undefined;
  close(): Promise<void>;
}

/**
 * Everything persistent, opened the same way by the server and the CLI: the
 * database (PostgreSQL, or the embedded one under the data directory, locked to
 * this process), migrated to the latest schema; the file store of the configured driver; the token
 * key; the key secrets are sealed under, which stored secrets make required.
 */
export async function openStorage(config: Readonly<AppConfig>): Promise<Storage> {
  await mkdir(config.dataDir, { recursive: true });
  const unlock =
    config.databaseUrl === undefined ? await lockEmbeddedDatabase(config.dataDir) : async () => {};
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
    });
    await migrateToLatest(database.db);
    const files = await openFileStore(config.files, config, database.db);
    const jwtSecret = await loadJwtSecret(
      config.jwtSecret,
      config.dataDir,
      config.databaseUrl === undefined ? undefined : new SettingsRepository(database.db),
    );
    const secretsKey = await loadSecretsKey(config.secretsKey, config.dataDir, config.databaseUrl);
    if (secretsKey === undefined) {
      const stored = await countStoredSecrets(database.db);
      if (stored > 0) {
        files.close();
        await database.db.destroy();
        throw new ConfigError([
          `SECRETS_KEY: required with DATABASE_URL: the database holds ${stored} encrypted credential(s) sealed under it`,
        ]);
      }
    }
    return {
      database,
      files: files.store,
      jwtSecret,
      secretsKey,
      async close() {
        files.close();
        await database.db.destroy();
        await unlock();
      },
    };
  } catch (error) {
    await unlock();
    throw error;
  }
}
