import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { backfillIfSmall } from './backfill-at-start.js';

describe('the CAR of each document', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const gasper = await issuerToken(t, '20606433094');
    for (const sample of [SAMPLES.factura4, SAMPLES.notaCredito1]) {
      expect((await publishSample(t, gasper, sample)).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const cars = async () =>
    (
      await t.database.db.selectFrom('documents').select(['tipo', 'car']).orderBy('id').execute()
    ).map((row) => row.car);

  it('is stored at publish, padded as Tabla 7 says', async () => {
    expect(await cars()).toEqual(['2060643309401F0010000000004', '2060643309407F0010000000001']);
  });

  it('is computed for older rows by the backfill, which resumes where it stopped, and at start', async () => {
    const published = await cars();
    await sql`update documents set car = null`.execute(t.database.db);
    expect(await t.services.carBackfill.pending()).toBe(2);
    expect(await t.services.carBackfill.run()).toEqual({ read: 2, failed: [] });
    expect(await cars()).toEqual(published);
    expect(await t.services.carBackfill.run()).toEqual({ read: 0, failed: [] });

    await sql`update documents set car = null where tipo = '07'`.execute(t.database.db);
    const lines: string[] = [];
    const log = {
      info: (_: object, message: string) => void lines.push(message),
      warn: (_: object, message: string) => void lines.push(message),
    } as Parameters<typeof backfillIfSmall>[1];
    await backfillIfSmall(t.services, log);
    expect(lines).toContain('CAR computed for stored documents');
    expect(await cars()).toEqual(published);
  });

  it('is looked up through its index', async () => {
    const plan = await t.database.db.connection().execute(async (db) => {
      // With two rows a sequential scan is cheaper; forbid it to see what the index offers.
      await sql`set enable_seqscan = off`.execute(db);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain select id from documents
        where car in ('2060643309401F0010000000004', '2060643309407F0010000000001')`.execute(db);
      await sql`reset enable_seqscan`.execute(db);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/documents_car\b/);
  });
});
