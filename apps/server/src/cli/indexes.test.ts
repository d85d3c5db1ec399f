import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureCli } from '../../test/helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.js';
import { migrateTo } from '../db/migrate.js';
import { INDEXES } from '../db/migrations/2026_11_28_1700_receiver_filter_indexes.js';

describe('sufel indexes build', () => {
  const saved = { ...process.env };
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-cli-indexes-'));
    process.env.DATA_DIR = dataDir;
  });
  afterEach(async () => {
    process.env = { ...saved };
    await rm(dataDir, { recursive: true, force: true });
  });

  it('has nothing to do on the embedded database, which builds them as it starts', async () => {
    delete process.env.DATABASE_URL;
    const run = await captureCli(['indexes', 'build']);
    expect(run.code).toBe(0);
    expect(run.out).toContain('La base de datos embebida crea sus índices al iniciar');
  });

  it.skipIf(process.env.TEST_DATABASE_URL === undefined)(
    "builds the next release's indexes on PostgreSQL, saying which and how long each took",
    async () => {
      let database: TestDatabase | undefined;
      try {
        database = await createTestDatabase();
        await sql`drop schema public cascade`.execute(database.db);
        await sql`create schema public`.execute(database.db);
        await migrateTo(database.db, '2026_11_28_1400_attempt_settle');
        process.env.DATABASE_URL = database.url;

        const first = await captureCli(['indexes', 'build']);
        expect(first.code).toBe(0);
        for (const { name } of INDEXES) expect(first.out).toContain(`Índice ${name}…`);
        expect(first.out).toMatch(/creado en \d+ s/);
        expect(first.out).toContain('Listo: la nueva versión puede iniciarse.');
        const again = await captureCli(['indexes', 'build']);
        expect(again.out.match(/ya estaba creado/g)).toHaveLength(INDEXES.length);
      } finally {
        await database?.drop();
      }
    },
  );

  it('names its one action', async () => {
    const run = await captureCli(['indexes', 'rebuild']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('Acción desconocida: indexes rebuild');
    expect(run.err).toContain('indexes build');
  });
});
