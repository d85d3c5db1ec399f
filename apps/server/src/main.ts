import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock.js';
import { demoInstructions, isDatabaseEmpty, loadDemo } from './demo/load-demo.js';
import { createServices } from './services.js';
import { openStorage } from './storage.js';

/** Reads the configuration, opens storage, listens, and closes cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const storage = await openStorage(config);
  const services = createServices({
    config,
    db: storage.database.db,
    blobs: storage.blobs,
    jwtSecret: storage.jwtSecret,
  });
  const app = await buildApp({ services });
  const demo =
    config.demo && storage.database.engine === 'pglite' && (await isDatabaseEmpty(services))
      ? await loadDemo(app, services)
      : null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting requests and let those in flight finish before the database goes.
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseBusyError) {
    console.error(error.message);
  } else {
    console.error('SUFEL could not start:', error);
  }
  process.exit(1);
});
