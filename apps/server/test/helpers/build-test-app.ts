import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import type { LimitRules } from '../../src/auth/attempt-limiter.js';
import { createPasswordHasher } from '../../src/auth/passwords.js';
import { BlobIndexRepository } from '../../src/blobs/blob-index.repository.js';
import { BlobStore } from '../../src/blobs/blob-store.js';
import { loadConfig } from '../../src/config.js';
import type { PdfRenderer } from '../../src/modules/files/pdf-renderer.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
export const JWT_SECRET = 'jwt-secret-for-tests-0123456789abcdefghijkl';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  blobs: BlobStore;
  dataDir: string;
  /** The clock the app reads; tests move it to expire tokens and links. */
  clock: { now: Date };
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  limitRules?: LimitRules;
  pdfRenderer?: PdfRenderer;
}

/** The real application on a fresh database and data directory, with a settable clock. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-test-'));
  const blobs = await BlobStore.open(
    path.join(dataDir, 'files'),
    new BlobIndexRepository(database.db),
  );
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = { now: new Date() };
  const services = createServices({
    config,
    db: database.db,
    blobs,
    jwtSecret: new TextEncoder().encode(JWT_SECRET),
    // A cheap scrypt keeps the suite fast; the format and checks are the production ones.
    passwordHasher: createPasswordHasher(2 ** 10),
    ...(options.limitRules ? { limitRules: options.limitRules } : {}),
    ...(options.pdfRenderer ? { pdfRenderer: options.pdfRenderer } : {}),
    now: () => clock.now,
  });
  const app = await buildApp({ services });
  await app.ready();
  return {
    app,
    services,
    database,
    blobs,
    dataDir,
    clock,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The JSON body of a response, typed by the caller. */
export function json<T>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
