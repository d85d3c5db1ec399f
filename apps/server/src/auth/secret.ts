import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SECRET_FILE = 'jwt-secret';

/**
 * The token signing key: JWT_SECRET when given; otherwise one generated on the
 * first start and kept (owner-only) in the data directory, so tokens survive
 * restarts without anyone having to invent a secret.
 */
export async function loadJwtSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<Uint8Array> {
  if (configured !== undefined) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = (await readFile(file, 'utf8')).trim();
  if (stored.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return new TextEncoder().encode(stored);
}
