import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const KEY_FILE = 'secrets-key';

/**
 * The key secrets are sealed under: SECRETS_KEY when given. Without it, the
 * embedded mode generates one into the data directory at its first start
 * (owner only); with a database server there is none, since a key kept in the same
 * database as what it seals would protect nothing.
 */
export async function loadSecretsKey(
  configured: string | undefined,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<string | undefined> {
  if (configured !== undefined) return configured;
  if (databaseUrl !== undefined) return undefined;
  const file = path.join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = (await readFile(file, 'utf8')).trim();
  if (stored.length < 32) throw new Error(`${file} holds a key shorter than 32 characters`);
  return stored;
}
