import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database.js';
import { loadConfig } from '../config.js';
import { openStorage } from '../storage.js';
import { SecretBox } from './secret-box.js';
import { SecretStore } from './secret-store.js';
import { loadSecretsKey } from './secrets-key.js';

describe('loadSecretsKey', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sufel-secrets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses SECRETS_KEY when given', async () => {
    expect(await loadSecretsKey('k'.repeat(40), dir, undefined)).toBe('k'.repeat(40));
    expect(await loadSecretsKey('k'.repeat(40), dir, 'postgres://db/sufel')).toBe('k'.repeat(40));
  });

  it('in the embedded mode, generates one key into the data directory, private, and reuses it', async () => {
    const first = await loadSecretsKey(undefined, dir, undefined);
    expect(first).toBeDefined();
    expect(await loadSecretsKey(undefined, dir, undefined)).toBe(first);
    const file = path.join(dir, 'secrets-key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).length).toBeGreaterThanOrEqual(43);
  });

  it('with a database server, never generates one: a key kept beside what it seals protects nothing', async () => {
    expect(await loadSecretsKey(undefined, dir, 'postgres://db/sufel')).toBeUndefined();
    await expect(stat(path.join(dir, 'secrets-key'))).rejects.toThrow();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('starting on PostgreSQL', () => {
  it('needs SECRETS_KEY once the database holds secrets, and says so', async () => {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-secrets-'));
    try {
      const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir, FILES: 'postgres' };
      const empty = await openStorage(loadConfig(env));
      expect(empty.secretsKey).toBeUndefined();
      await empty.close();

      const key = 'clave-de-secretos-para-pruebas-0123456789';
      await new SecretStore(database.db, new SecretBox(key)).put(
        database.db,
        'sunat:20100000001',
        'valor',
        new Date(),
      );
      await expect(openStorage(loadConfig(env))).rejects.toThrow(
        /SECRETS_KEY: required with DATABASE_URL: the database holds 1 encrypted credential/,
      );
      const keyed = await openStorage(loadConfig({ ...env, SECRETS_KEY: key }));
      expect(keyed.secretsKey).toBe(key);
      await keyed.close();
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
