import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { SecretBox, SecretUnreadableError } from './secret-box.js';
import { countStoredSecrets, SecretKeyMissingError, SecretStore } from './secret-store.js';

const KEY = 'clave-de-secretos-para-pruebas-0123456789';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('SecretStore', () => {
  it('keeps a value sealed at rest and gives it back; a new value replaces it; delete forgets it', async () => {
    const store = new SecretStore(database.db, new SecretBox(KEY));
    await store.put(database.db, 'sunat:20100000001', 'primer-secreto', new Date());
    const row = await database.db
      .selectFrom('secrets')
      .selectAll()
      .where('name', '=', 'sunat:20100000001')
      .executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain('primer-secreto');
    expect(await store.get('sunat:20100000001')).toBe('primer-secreto');

    await store.put(database.db, 'sunat:20100000001', 'segundo-secreto', new Date());
    expect(await store.get('sunat:20100000001')).toBe('segundo-secreto');
    expect(await store.get('sunat:20100000009')).toBeNull();

    await store.delete(database.db, 'sunat:20100000001');
    expect(await store.get('sunat:20100000001')).toBeNull();
  });

  it('after SECRETS_KEY changed, says the stored values were sealed under another key', async () => {
    const before = new SecretStore(database.db, new SecretBox(KEY));
    await before.put(database.db, 'sunat:20100000002', 'valor', new Date());
    const after = new SecretStore(database.db, new SecretBox(`${KEY}-nueva`));
    const error = await after.get('sunat:20100000002').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SecretUnreadableError);
    expect((error as SecretUnreadableError).reason).toBe('key_changed');
    expect(await after.sealedUnderOtherKeys()).toBe(1);
    expect(await before.sealedUnderOtherKeys()).toBe(0);
    // Entered again, it is sealed under the new key.
    await after.put(database.db, 'sunat:20100000002', 'valor', new Date());
    expect(await after.get('sunat:20100000002')).toBe('valor');
    await after.delete(database.db, 'sunat:20100000002');
  });

  it('without a key stores and reads nothing, and says why', async () => {
    const store = new SecretStore(database.db, null);
    expect(store.available).toBe(false);
    await expect(store.put(database.db, 'sunat:1', 'x', new Date())).rejects.toBeInstanceOf(
      SecretKeyMissingError,
    );
    await new SecretStore(database.db, new SecretBox(KEY)).put(
      database.db,
      'sunat:20100000003',
      'x',
      new Date(),
    );
    await expect(store.get('sunat:20100000003')).rejects.toBeInstanceOf(SecretKeyMissingError);
    expect(await countStoredSecrets(database.db)).toBe(1);
  });
});
