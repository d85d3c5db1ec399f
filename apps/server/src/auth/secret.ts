import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SettingsRepository } from '../db/settings.repository.js';

const SECRET_FILE = 'jwt-secret';

const generate = () => randomBytes(48).toString('base64url');

/**
 * The token signing key: JWT_SECRET when given; otherwise one generated on the
 * first start and kept where every instance finds it: in the shared database
 * when there is one (so N instances sign and accept the same tokens and links),
 * else owner-only in the data directory. Tokens survive restarts without anyone
 * having to invent a secret.
 */
export async function loadJwtSecret(
  configured: string | undefined,
  dataDir: string,
  shared?: SettingsRepository,
): Promise<Uint8Array> {
  if (configured !== undefined) return new TextEncoder().encode(configured);
  if (shared !== undefined) {
    return new TextEncoder().encode(await shared.getOrCreate(SECRET_FILE, generate));
  }
  const file = path.join(dataDir, SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, generate(), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = (await readFile(file, 'utf8')).trim();
  if (stored.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return new TextEncoder().encode(stored);
}
