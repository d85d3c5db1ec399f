import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import {
  receiverToken,
  registerReceiver,
  storedReceiverToken,
} from '../../../test/helpers/receivers.js';

const TOTALS = '/api/client/documents/totals';

describe("the totals of a receiver's filter", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t);
    const db = t.database.db;
    await sql`update documents set total = 1000.00, moneda = 'PEN'`.execute(db);
    // Copies of the published row: soles and dollars, a credit note, voided ones, one outside the range.
    await sql`
      insert into documents (emisor, emisor_nombre, tipo, serie, numero, fecha, total, moneda,
        cliente_tipo, cliente_doc, cliente_nombre, xml_hash, baja)
      select d.emisor, d.emisor_nombre, copy.tipo, 'F900', copy.numero,
        coalesce(copy.fecha, d.fecha), copy.total, copy.moneda, d.cliente_tipo, d.cliente_doc,
        d.cliente_nombre, d.xml_hash, copy.baja
      from documents d cross join (values
        ('01', 1, 500.25, 'PEN', false, null::date),
        ('07', 2, 200.00, 'PEN', false, null),
        ('01', 3, 999.00, 'PEN', true, null),
        ('01', 4, 655555555.55, 'USD', false, null),
        ('01', 5, 100.00, 'USD', false, null),
        ('01', 6, 300.00, 'PEN', false, '2024-10-01')
      ) as copy(tipo, numero, total, moneda, baja, fecha)`.execute(db);
    // SUNAT answered that F900-5 is voided.
    await sql`
      insert into document_validity (document_id, estado_cp, observaciones, checked_at)
      select id, '2', '[]', now() from documents where serie = 'F900' and numero = 5`.execute(db);
    token = await receiverToken(t);
  });
  afterAll(() => t.close());

  const totals = (query: string, bearer = token) =>
    t.app.inject({
      method: 'GET',
      url: `${TOTALS}?${query}`,
      headers: { authorization: `Bearer ${bearer}` },
    });

  it('counts every matching document and sums each currency, voided left out, credit notes subtracting', async () => {
    const response = await totals('start=2024-11-01&end=2024-11-30');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      comprobantes: 6,
      anulados: 2,
      monedas: [
        { moneda: 'PEN', monto: '1300.25', comprobantes: 3 },
        { moneda: 'USD', monto: '655555555.55', comprobantes: 1 },
      ],
    });
  });

  it('answers for the whole filter, whatever a page would hold', async () => {
    const all = await totals('');
    expect(all.json()).toMatchObject({ comprobantes: 7, anulados: 2 });
    expect(all.json<{ monedas: unknown[] }>().monedas[0]).toEqual({
      moneda: 'PEN',
      monto: '1600.25',
      comprobantes: 4,
    });
    const serie = await totals('start=2024-11-01&end=2024-11-30&serie=f900&tipoDoc=07');
    expect(serie.json()).toEqual({
      comprobantes: 1,
      anulados: 0,
      monedas: [{ moneda: 'PEN', monto: '-200.00', comprobantes: 1 }],
    });
    const none = await totals('start=2030-01-01&end=2030-01-31');
    expect(none.json()).toEqual({ comprobantes: 0, anulados: 0, monedas: [] });
  });

  it('sums only what the account may see', async () => {
    const stranger = await storedReceiverToken(t, '20100454523');
    const response = await totals('', stranger);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ comprobantes: 0, anulados: 0, monedas: [] });
  });

  it('refuses a range that ends before it starts, in Spanish, and anyone without a session', async () => {
    const backwards = await totals('start=2024-11-30&end=2024-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      message: 'La fecha de inicio es posterior a la fecha de fin.',
    });
    const odd = await totals('moneda=PEN&start=ayer');
    expect(odd.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: TOTALS });
    expect(anonymous.statusCode).toBe(401);
  });
});
