import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { backfillIfSmall } from './backfill-at-start.js';

const AMOUNT_COLUMNS = ['base_gravada', 'exonerado', 'gratuito', 'igv', 'descuentos'] as const;

describe('register amounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const gasper = await issuerToken(t, '20606433094');
    for (const sample of [SAMPLES.factura4, SAMPLES.notaCredito1]) {
      expect((await publishSample(t, gasper, sample)).statusCode).toBe(200);
    }
    const efact = await issuerToken(t, '20000000001');
    expect((await publishSample(t, efact, SAMPLES.creditNoteWithCdr)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const stored = () =>
    t.database.db
      .selectFrom('documents')
      .select([
        'tipo',
        'serie',
        'numero',
        ...AMOUNT_COLUMNS,
        'vencimiento',
        'ref_tipo',
        'ref_serie',
        'ref_numero',
        'motivo_codigo',
        'cdr_codigo',
        'importes_leidos',
      ])
      .orderBy('id')
      .execute();

  it('are stored at publish, with the CDR code and the note reference', async () => {
    const [factura, nota, conCdr] = await stored();
    expect(factura).toMatchObject({
      base_gravada: '348199.15',
      exonerado: '13000.00',
      gratuito: '150.00',
      igv: '62675.85',
      descuentos: '650.00',
      ref_tipo: null,
      cdr_codigo: null,
      importes_leidos: true,
    });
    expect(nota).toMatchObject({
      vencimiento: '2024-12-19',
      ref_tipo: '01',
      ref_serie: 'F001',
      ref_numero: '1',
      motivo_codigo: '13',
    });
    expect(conCdr).toMatchObject({ cdr_codigo: '0', igv: '1.80' });
  });

  it('are read back from the XML by the backfill, which resumes after a failure', async () => {
    const published = await stored();
    await sql`update documents set importes_leidos = false, base_gravada = 0, exonerado = 0,
      gratuito = 0, igv = 0, descuentos = 0, vencimiento = null, ref_tipo = null,
      ref_serie = null, ref_numero = null, motivo_codigo = null, cdr_codigo = null`.execute(
      t.database.db,
    );
    // One stored XML goes missing: that document stays pending, the others are read.
    const [broken] = await t.database.db
      .selectFrom('documents')
      .select(['id', 'xml_hash'])
      .where('tipo', '=', '07')
      .where('emisor', '=', '20606433094')
      .execute();
    await t.database.db
      .updateTable('documents')
      .set({ xml_hash: 'f'.repeat(64) })
      .where('id', '=', broken!.id)
      .execute();
    expect(await t.services.backfill.pending()).toBe(3);
    const ticks: boolean[] = [];
    const first = await t.services.backfill.run((failed) => ticks.push(failed));
    expect(first.read).toBe(2);
    expect(first.failed.map((failure) => failure.id)).toEqual([broken!.id]);
    expect(ticks.filter(Boolean)).toHaveLength(1);
    expect(await t.services.backfill.pending()).toBe(1);

    await t.database.db
      .updateTable('documents')
      .set({ xml_hash: broken!.xml_hash })
      .where('id', '=', broken!.id)
      .execute();
    const second = await t.services.backfill.run();
    expect(second).toEqual({ read: 1, failed: [] });
    expect(await t.services.backfill.pending()).toBe(0);
    expect(await stored()).toEqual(published);
  });

  it('are read at start when few documents wait, and left to the command when many do', async () => {
    await sql`update documents set importes_leidos = false`.execute(t.database.db);
    const lines: string[] = [];
    const log = {
      info: (_: object, message: string) => void lines.push(message),
      warn: (_: object, message: string) => void lines.push(message),
    } as Parameters<typeof backfillIfSmall>[1];
    await backfillIfSmall(t.services, log, 2);
    expect(lines).toEqual([
      'documents lack their register amounts; run `npm run sufel -- documents backfill`',
    ]);
    expect(await t.services.backfill.pending()).toBe(3);
    await backfillIfSmall(t.services, log, 3);
    expect(lines.at(-1)).toBe('register amounts read from stored XML');
    expect(await t.services.backfill.pending()).toBe(0);
  });
});
