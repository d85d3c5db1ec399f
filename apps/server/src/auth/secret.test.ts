import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/test-database.js';
import { SettingsRepository } from '../db/settings.repository.js';
import { loadJwtSecret } from './secret.js';

describe('loadJwtSecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sufel-secret-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uses the configured secret', async () => {
    const secret = await loadJwtSecret('c'.repeat(40), dir);
    expect(new TextDecoder().decode(secret)).toBe('c'.repeat(40));
  });

  it('generates one secret, keeps it private and reuses it', async () => {
    const first = await loadJwtSecret(undefined, dir);
    const second = await loadJwtSecret(undefined, dir);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(first.length).toBeGreaterThanOrEqual(48);
    const file = path.join(dir, 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).length).toBe(64);
  });

  it('with a shared database, generates the key once there and never in the data directory', async () => {
    const database = await createTestDatabase();
    try {
      const settings = new SettingsRepository(database.db);
      const other = await mkdtemp(path.join(tmpdir(), 'sufel-secret-'));
      const [a, b] = await Promise.all([
        loadJwtSecret(undefined, dir, settings),
        loadJwtSecret(undefined, other, new SettingsRepository(database.db)),
      ]);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      expect(a.length).toBeGreaterThanOrEqual(48);
      await expect(stat(path.join(dir, 'jwt-secret'))).rejects.toThrow();
      await rm(other, { recursive: true, force: true });
    } finally {
      await database.drop();
    }
  });
});
