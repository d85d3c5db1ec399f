import { buildApp } from './app.js';
import { ConfigError, identityWarning, loadConfig } from './config.js';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock.js';
import { demoInstructions, isDatabaseEmpty, loadDemo } from './demo/load-demo.js';
import { backfillIfSmall } from './modules/documents/backfill-at-start.js';
import { createServices, type AppDependencies } from './services.js';
import { openStorage } from './storage.js';

/** A stop signal ends the process within 10 s: requests get this long, the database the rest. */
const SHUTDOWN_REQUESTS_MS = 7_000;
const SHUTDOWN_DATABASE_MS = 2_500;

/** What a server is given beyond its configuration and storage. */
export type ServerParts = Pick<AppDependencies, 'receivedIntake'>;

/** Reads the configuration, opens storage, listens, and closes cleanly on a signal. */
async function main(parts: ServerParts): Promise<void> {
  const config = loadConfig();
  const storage = await openStorage(config);
  const services = createServices({
    config,
    db: storage.database.db,
    fileStore: storage.files,
    jwtSecret: storage.jwtSecret,
    secretsKey: storage.secretsKey,
    listen: storage.database.listen,
    ...parts,
  });
  const app = await buildApp({ services });
  const identity = identityWarning(config);
  if (identity !== null) app.log.warn(identity);
  if (services.secrets.available) {
    const unreadable = await services.secrets.sealedUnderOtherKeys();
    if (unreadable > 0) {
      app.log.warn(
        { secrets: unreadable },
        'stored credentials were sealed under another SECRETS_KEY: their owners must enter them again',
      );
    }
  }
  await backfillIfSmall(services, app.log);
  const demo =
    config.demo && storage.database.engine === 'pglite' && (await isDatabaseEmpty(services))
      ? await loadDemo(app, services)
      : null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever still runs at the deadline (a slow upload) was never acknowledged:
    // the database is closed so that everything committed stays, and the process ends.
    setTimeout(() => {
      app.log.warn('requests still running at the shutdown deadline; they are abandoned');
      setTimeout(() => process.exit(1), SHUTDOWN_DATABASE_MS).unref();
      void storage.close().finally(() => process.exit(1));
    }, SHUTDOWN_REQUESTS_MS).unref();
    // Stop accepting requests; renders are abandoned at once (the workers stop first),
    // and the requests in flight finish before the database goes.
    await app.close();
    await storage.close();
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void close(signal));
  process.once('SIGTERM', (signal) => void close(signal));

  await app.listen({ port: config.port, host: config.host });
  const { engine, location } = storage.database;
  app.log.info({ database: `${engine} (${location})` }, 'SUFEL ready');
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  if (demo !== null) console.info(demoInstructions(url, demo));
  else console.info(`\nSUFEL está listo en ${url}/ (API: ${url}/docs)\n`);
}

/** Runs the server until a signal stops it; a failed start ends the process with its reason. */
export function runServer(parts: ServerParts = {}): void {
  main(parts).catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError) {
      console.error(error.message);
    } else {
      console.error('SUFEL could not start:', error);
    }
    process.exit(1);
  });
}
