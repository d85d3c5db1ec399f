import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture } from '../../../test/helpers/fixtures.js';
import { issuerToken } from '../../../test/helpers/issuers.js';

/**
 * Amounts as real documents carry them: negative lines, taxes and roundings
 * are published; what the store's columns cannot hold is refused with 400.
 */

const NEGATIVES = '20606433094-03-B001-3-negativos.xml';
const RUC = '20606433094';

describe('amounts of published documents', () => {
  let t: TestApp;
  let token: string;
  let negatives: string;

  beforeAll(async () => {
    // A loaded machine must not turn the PDF this test looks at into a 503 over budget.
    t = await buildTestApp({ env: { RENDER_TIMEOUT_MS: '60000' } });
    token = await issuerToken(t, RUC);
    negatives = (await fixture(NEGATIVES)).toString('latin1');
  });
  afterAll(() => t.close());

  const publish = (xml: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/company/documents',
      headers: { authorization: `Bearer ${token}` },
      payload: { xml: Buffer.from(xml, 'latin1').toString('base64'), pdf: '' },
    });

  /** The negatives sample as another number, with one text replaced. */
  function variant(number: number, from: string, to: string): string {
    expect(negatives).toContain(from);
    return negatives
      .replace('<cbc:ID>B001-3</cbc:ID>', `<cbc:ID>B001-${number}</cbc:ID>`)
      .replace(from, to);
  }

  it('publishes a boleta with a negative line tax and rounding, and shows it', async () => {
    const response = await publish(negatives);
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ id: number }>();
    const { rows } = await sql<{ total: string; igv: string; base_gravada: string }>`
      select total::text, igv::text, base_gravada::text from documents where id = ${id}`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({ total: '1605.20', igv: '244.87', base_gravada: '1360.40' });

    const consult = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: { emisor: RUC, tipo: '03', documento: 'B001-3', fecha: '2024-11-26', total: 1605.2 },
    });
    expect(consult.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${consult.json<{ token: string }>().token}` };
    const detail = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/detail',
      headers: bearer,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ lines: { taxAmount: string }[] }>().lines[3]!.taxAmount).toBe('-8.44');
    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/pdf',
      headers: bearer,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it.each([
    ['12345678901234567.89', 'el importe total (cbc:PayableAmount), 12345678901234567.89'],
    ['99999999999999999999.999', 'el importe total (cbc:PayableAmount), 100000000000000000000.00'],
    ['9999999999999999.995', 'el importe total (cbc:PayableAmount), 10000000000000000.00'],
  ])('refuses a payable total of %s with 400 naming it', async (total, named) => {
    const response = await publish(
      variant(
        10,
        '<cbc:PayableAmount currencyID="PEN">1605.20</cbc:PayableAmount>',
        `<cbc:PayableAmount currencyID="PEN">${total}</cbc:PayableAmount>`,
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      `El monto de ${named}, supera el máximo que se puede guardar (16 dígitos enteros).`,
    );
  });

  it('refuses a tax whose subtotals add up beyond the column', async () => {
    const big = '9999999999999999.00';
    const response = await publish(
      variant(
        11,
        '<cbc:TaxAmount currencyID="PEN">244.87</cbc:TaxAmount>\n    <cac:TaxSubtotal>\n      <cbc:TaxableAmount currencyID="PEN">1360.40</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID="PEN">244.87</cbc:TaxAmount>',
        `<cbc:TaxAmount currencyID="PEN">1</cbc:TaxAmount>\n    <cac:TaxSubtotal>\n      <cbc:TaxableAmount currencyID="PEN">${big}</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID="PEN">1</cbc:TaxAmount>\n      <cac:TaxCategory><cac:TaxScheme><cbc:ID>1000</cbc:ID></cac:TaxScheme></cac:TaxCategory>\n    </cac:TaxSubtotal>\n    <cac:TaxSubtotal>\n      <cbc:TaxableAmount currencyID="PEN">${big}</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID="PEN">1</cbc:TaxAmount>`,
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(
      /^El monto de la base gravada \(cbc:TaxableAmount del tributo 1000\/1016\), 19999999999999998\.00, supera el máximo/,
    );
  });

  it('refuses a negative payable total and an amount of too many digits', async () => {
    const negative = await publish(
      variant(
        12,
        '<cbc:PayableAmount currencyID="PEN">1605.20</cbc:PayableAmount>',
        '<cbc:PayableAmount currencyID="PEN">-1605.20</cbc:PayableAmount>',
      ),
    );
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({
      message: "El valor '-1605.20' de cbc:PayableAmount no puede ser negativo.",
    });
    const long = await publish(variant(13, '>-8.44<', `>-${'9'.repeat(100_000)}<`));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(
      /de cbc:TaxAmount tiene más de 64 caracteres: no es un importe\.$/,
    );
  });
});
