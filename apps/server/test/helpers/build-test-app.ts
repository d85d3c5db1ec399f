import { API_MESSAGES } from '@sufel/contract';
import type { SireClientOptions } from '@sufel/sire';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import type { AttemptCounterStore } from '../../src/auth/attempt-counter-store.js';
import type { LimitRules } from '../../src/auth/attempt-limiter.js';
import { createPasswordHasher, type PasswordHasher } from '../../src/auth/passwords.js';
import { loadConfig } from '../../src/config.js';
import type { FileStore } from '../../src/file-store/file-store.js';
import { openFileStore } from '../../src/file-store/open-file-store.js';
import { loggerOptions } from '../../src/http/logging.js';
import type { JobWorkerOptions } from '../../src/jobs/job-worker.js';
import type { MailWorkerOptions } from '../../src/mail/mail-worker.js';
import type { PdfRenderer } from '../../src/modules/files/pdf-renderer.js';
import type { ReceivedDocumentsIntake } from '../../src/modules/inbox/received-intake.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
export const JWT_SECRET = 'jwt-secret-for-tests-0123456789abcdefghijkl';
export const SECRETS_KEY = 'secrets-key-for-tests-0123456789abcdefghij';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  files: FileStore;
  dataDir: string;
  /** The clock the app reads; tests move it to expire tokens and links. */
  clock: { now: Date };
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  limitRules?: LimitRules;
  /** Where attempts are counted (default: in this process's memory), on the app's clock. */
  counterStore?: (database: TestDatabase, now: () => number) => AttemptCounterStore;
  /** Default: the production hasher at a cheap cost. */
  passwordHasher?: PasswordHasher;
  pdfRenderer?: PdfRenderer;
  /**
   * Receives every log line (JSON) at `warn` and above (or at LOG_LEVEL when `env` sets it),
   * through the production log settings, for tests that check what is logged.
   */
  logLines?: string[];
  mailWorkerOptions?: Partial<MailWorkerOptions>;
  jobWorkerOptions?: Partial<JobWorkerOptions>;
  /** How long a check asked for now waits for SUNAT. */
  sunatCheckWaitMs?: number;
  /** SIRE's polling and retry timings. */
  sireClientOptions?: Partial<SireClientOptions>;
  /** Default SECRETS_KEY (or the env's); null: a database server with no key. */
  secretsKey?: string | null;
  /** Turns the inbound mail ways on (as configured in `env`), reading attachments into it. */
  receivedIntake?: ReceivedDocumentsIntake;
  /** Another instance's database (see secondConnection); unset: a fresh one. */
  database?: TestDatabase;
}

/** The real application on a fresh database and data directory, with a settable clock. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_TOKEN,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const files = await openFileStore(config.files, config, database.db);
  const clock = { now: new Date() };
  const services = createServices({
    config,
    db: database.db,
    fileStore: files.store,
    jwtSecret: new TextEncoder().encode(JWT_SECRET),
    secretsKey:
      options.secretsKey === null
        ? undefined
        : (options.secretsKey ?? config.secretsKey ?? SECRETS_KEY),
    // A cheap scrypt keeps the suite fast; the format and checks are the production ones.
    passwordHasher: options.passwordHasher ?? createPasswordHasher(2 ** 10),
    ...(options.counterStore
      ? { counterStore: options.counterStore(database, () => clock.now.getTime()) }
      : {}),
    ...(options.limitRules ? { limitRules: options.limitRules } : {}),
    ...(options.pdfRenderer ? { pdfRenderer: options.pdfRenderer } : {}),
    ...(options.mailWorkerOptions ? { mailWorkerOptions: options.mailWorkerOptions } : {}),
    ...(options.jobWorkerOptions ? { jobWorkerOptions: options.jobWorkerOptions } : {}),
    ...(options.receivedIntake ? { receivedIntake: options.receivedIntake } : {}),
    ...(options.sireClientOptions ? { sireClientOptions: options.sireClientOptions } : {}),
    listen: database.listen,
    ...(options.sunatCheckWaitMs === undefined
      ? {}
      : { sunatCheckWaitMs: options.sunatCheckWaitMs }),
    now: () => clock.now,
  });
  const logLines = options.logLines;
  const app = await buildApp({
    services,
    ...(logLines
      ? {
          logger: loggerOptions(config.logLevel === 'silent' ? 'warn' : config.logLevel, {
            write: (line: string) => logLines.push(line),
          }),
        }
      : {}),
  });
  const uncoded = answersWithoutCode(app);
  await app.ready();
  return {
    app,
    services,
    database,
    files: files.store,
    dataDir,
    clock,
    async close() {
      await app.close();
      files.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (uncoded.length > 0) {
        throw new Error(`Error answers without a catalogue code:\n${uncoded.join('\n')}`);
      }
    },
  };
}

/**
 * Every error answer must say which catalogue message it is: this records
 * those that do not, so that every route test's error cases check it. A
 * report without a message (the readiness probe's) is not an error answer.
 */
function answersWithoutCode(app: FastifyInstance): string[] {
  const uncoded: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode >= 400 && typeof payload === 'string' && type.includes('json')) {
      const { message, code } = JSON.parse(payload) as { message?: unknown; code?: unknown };
      if (
        message !== undefined &&
        (typeof code !== 'string' || !Object.hasOwn(API_MESSAGES, code))
      ) {
        uncoded.push(`${request.method} ${request.url} ${reply.statusCode}: ${payload}`);
      }
    }
    return payload;
  });
  return uncoded;
}

/** The JSON body of a response, typed by the caller. */
export function json<T>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
