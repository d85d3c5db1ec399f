import type { DocumentDto } from '@sufel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';

/** Printed as F001-0005: the zeros are the issuer's, the number is 5. */
const padded = SAMPLES.debitNoteInvalidRucCustomer;

describe('the number as printed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await issuerToken(t, padded.emisor);
    expect((await publishSample(t, token, padded)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  async function infoAfterConsulting(seriesNumber: string): Promise<DocumentDto> {
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: { ...proofOf(padded), documento: seriesNumber },
    });
    expect(auth.statusCode).toBe(200);
    const cookie = auth.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/info',
      headers: { cookie },
    });
    expect(info.statusCode).toBe(200);
    return info.json<DocumentDto>();
  }

  it('is kept with its zeros while any form of the number finds the document', async () => {
    for (const seriesNumber of ['F001-5', 'F001-0005', 'f001-00000005']) {
      expect(await infoAfterConsulting(seriesNumber)).toMatchObject({
        serie: 'F001',
        correlativo: '5',
        correlativo_impreso: '0005',
      });
    }
  });

  it('is read back from the XML by the backfill for documents stored before it was kept', async () => {
    await sql`update documents set numero_impreso = null`.execute(t.database.db);
    expect(await t.services.backfill.pending()).toBe(1);
    expect((await infoAfterConsulting('F001-5')).correlativo_impreso).toBe('5');
    expect(await t.services.backfill.run()).toEqual({ read: 1, failed: [] });
    expect(await t.services.backfill.pending()).toBe(0);
    expect((await infoAfterConsulting('F001-5')).correlativo_impreso).toBe('0005');
  });
});
