import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Calls `onNotify` for every NOTIFY on `channel`, from this process or any
 * other on the same database, once the sending transaction commits. Resolves
 * to a function that stops listening. It never rejects: while the database
 * cannot be listened to, it keeps trying, and calls `onNotify` once it listens
 * again, since notifications sent meanwhile were lost.
 */
export type Listen = (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/** How long to wait before listening again after the connection dropped. */
const RECONNECT_DELAY_MS = 1_000;
const CONNECT_TIMEOUT_MS = 10_000;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

/** The embedded database delivers notifications in-process. */
export function pgliteListen(pglite: PGlite): Listen {
  return async (channel, onNotify) => {
    checkChannel(channel);
    const unlisten = await pglite.listen(channel, () => onNotify());
    return () => unlisten();
  };
}

/** A connection of its own per channel, held open and opened again when it drops. */
export function postgresListen(databaseUrl: string): Listen {
  return (channel, onNotify) => {
    checkChannel(channel);
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;

    const lost = (failed: pg.Client, error: Error) => {
      if (client !== failed) return;
      client = null;
      failed.removeAllListeners('end');
      // The connection is already broken: failing to close it tells nothing new.
      failed.end().catch(() => undefined);
      if (closed) return;
      process.emitWarning(`Not listening on ${channel}, trying again: ${error.message}`);
      retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
      retry.unref();
    };

    const connect = async () => {
      const next = new pg.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next, new Error('connection ended')));
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      client = next;
      try {
        await next.connect();
        await next.query(`listen ${channel}`);
        if (closed) {
          await next.end();
          return;
        }
        onNotify();
      } catch (error) {
        lost(next, error instanceof Error ? error : new Error(String(error)));
      }
    };

    return connect().then(() => async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      if (current !== null) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    });
  };
}
