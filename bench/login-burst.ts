/**
 * Receiver logins under a burst of 200 requests at once.
 *
 *   npm run bench -- login-burst     # BENCH_BURST to change the size of the burst
 *
 * The real application (production scrypt cost, the counters production uses:
 * in memory on PGlite, in PostgreSQL and mirrored with TEST_DATABASE_URL), its
 * requests injected with a client address each. Every attempt is counted
 * before its password is checked, so this measures what a login costs when
 * many arrive together:
 *
 * - baseline: correct logins one after another, nothing else running;
 * - burst: BENCH_BURST correct logins at once, each account from its address;
 * - under guessing: 10 correct logins sent in the same instant as
 *   BENCH_BURST - 10 wrong passwords to another account from one address.
 *
 * Prints each p99 and its ratio to the baseline's, measured in this same run.
 */
// The services' session code types cookies through this plugin's declarations.
import type {} from '@fastify/cookie';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { createPasswordHasher } from '../apps/server/src/auth/passwords.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openFileStore } from '../apps/server/src/file-store/open-file-store.js';
import { ReceiversRepository } from '../apps/server/src/modules/receiver/receiver.repository.js';
import { createServices } from '../apps/server/src/services.js';
import { createTestDatabase } from '../apps/server/test/helpers/test-database.js';

const BURST = Number(process.env.BENCH_BURST ?? 200);
const PASSWORD = 'clave-correcta-del-receptor';
const BASELINE_LOGINS = 30;

const accountOf = (index: number) => `2010${String(index).padStart(7, '0')}`;

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

const database = await createTestDatabase();
const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-login-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  ADMIN_TOKEN: 'bench-admin-token-0123456789abcdef',
  JWT_SECRET: 'bench-jwt-secret-0123456789abcdefghijklmnop',
  LOG_LEVEL: 'silent',
  ...(database.url === undefined ? {} : { DATABASE_URL: database.url }),
});
const files = await openFileStore(config.files, config, database.db);
const hasher = createPasswordHasher();
const services = createServices({
  config,
  db: database.db,
  fileStore: files.store,
  jwtSecret: new TextEncoder().encode('bench-jwt-secret-0123456789abcdefghijklmnop'),
  passwordHasher: hasher,
  listen: database.listen,
});
const app = await buildApp({ services });
await app.ready();

const stored = await hasher.hash(PASSWORD);
const receivers = new ReceiversRepository(database.db);
for (let index = 0; index <= BURST; index += 1) {
  await receivers.insert(accountOf(index), `CLIENTE ${index}`, stored, new Date(0));
}

/** One login; answers its time in ms and its status. */
async function login(account: string, password: string, address: string) {
  const started = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { documento: account, password },
    remoteAddress: address,
  });
  return { ms: performance.now() - started, status: answer.statusCode };
}

const addressOf = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

try {
  const baseline: number[] = [];
  for (let index = 0; index < BASELINE_LOGINS; index += 1) {
    const { ms, status } = await login(accountOf(index), PASSWORD, addressOf(index));
    if (status !== 200) throw new Error(`baseline login answered ${status}`);
    baseline.push(ms);
  }

  const burst = await Promise.all(
    Array.from({ length: BURST }, (_, index) =>
      login(accountOf(index), PASSWORD, addressOf(1000 + index)),
    ),
  );
  const burstRefused = burst.filter(({ status }) => status !== 200).length;

  const correct = 10;
  const mixed = await Promise.all(
    Array.from({ length: BURST }, (_, index) =>
      index < correct
        ? login(accountOf(index), PASSWORD, addressOf(2000 + index))
        : login(accountOf(BURST), `adivinanza-${index}`, '192.0.2.66'),
    ),
  );
  const owners = mixed.slice(0, correct);
  const ownersRefused = owners.filter(({ status }) => status !== 200).length;
  const guesses = mixed.slice(correct);
  const checkedGuesses = guesses.filter(({ status }) => status === 400).length;

  const base = p99(baseline);
  const engine =
    database.url === undefined ? 'PGlite, counters in memory' : 'PostgreSQL, shared counters';
  console.info(`Receiver login, ${engine}, production scrypt cost`);
  console.info(`  baseline (one at a time, ${BASELINE_LOGINS} logins)  p99 ${base.toFixed(0)} ms`);
  const burstP99 = p99(burst.map(({ ms }) => ms));
  console.info(
    `  ${BURST} correct logins at once                p99 ${burstP99.toFixed(0)} ms  (${(burstP99 / base).toFixed(1)}× baseline; ${burstRefused} not 200)`,
  );
  const ownersP99 = p99(owners.map(({ ms }) => ms));
  console.info(
    `  ${correct} correct among ${BURST} at once (rest guesses) p99 ${ownersP99.toFixed(0)} ms  (${(ownersP99 / base).toFixed(1)}× baseline; ${ownersRefused} not 200; ${checkedGuesses} of ${guesses.length} guesses checked)`,
  );
} finally {
  await app.close();
  files.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
