import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const LOCK_FILE = 'pglite.lock';

export class EmbeddedDatabaseBusyError extends Error {
  constructor(readonly pid: number) {
    super(
      `La base de datos embebida ya está abierta por otro proceso (PID ${pid}). ` +
        'Detenga ese proceso, o use el servidor en ejecución (opción --server).',
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is a directory that only one process may open: two
 * writers would corrupt it. The holder's PID is kept in a lock file; a lock
 * left by a process that died is taken over.
 */
export async function lockEmbeddedDatabase(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // The holder may remove its lock between our attempt and this read: an empty
    // answer then means the lock is free.
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new EmbeddedDatabaseBusyError(holder);
    }
    await rm(file, { force: true });
  }
}
