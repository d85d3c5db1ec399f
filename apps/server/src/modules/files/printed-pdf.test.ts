import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';
import { readPdfText } from '../../../test/helpers/read-pdf-text.js';

/** Content streams are compressed, but the document info dictionary is plain text. */
function pdfInfo(bytes: Buffer): string {
  return bytes.toString('latin1');
}

describe('printed representation rendered by SUFEL', () => {
  let t: TestApp;
  let issuer: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://comprobantes.example.pe' } });
    issuer = await issuerToken(t, SAMPLES.factura3.emisor);
    await publishSample(t, issuer, SAMPLES.factura3);
  });
  afterAll(() => t.close());

  async function consultPdf(): Promise<Buffer> {
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/document/auth',
        payload: proofOf(SAMPLES.factura3),
      })
    ).json<{ token: string }>();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/pdf',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="20606433094-01-F001-3.pdf"',
    );
    return response.rawPayload;
  }

  it('renders a PDF when the issuer sent none, once, and keeps it', async () => {
    const first = await consultPdf();
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfInfo(first)).toContain('(SUFEL)');
    const { rows } = await sql<{ pdf_hash: string | null; pdf_generated: boolean }>`
      select pdf_hash, pdf_generated from documents`.execute(t.database.db);
    expect(rows[0]?.pdf_generated).toBe(true);
    expect(rows[0]?.pdf_hash).toMatch(/^[0-9a-f]{64}$/);
    const second = await consultPdf();
    expect(second.equals(first)).toBe(true);
  });

  it('renders it again, marked voided, once the document is voided', async () => {
    const before = await consultPdf();
    await t.app.inject({
      method: 'PATCH',
      url: '/api/company/documents',
      headers: { authorization: `Bearer ${issuer}` },
      payload: { tipo: '01', serie: 'F001', correlativo: '3' },
    });
    const after = await consultPdf();
    expect(after.equals(before)).toBe(false);
  });

  it('shows the PDF inline when asked', async () => {
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/document/auth',
        payload: proofOf(SAMPLES.factura3),
      })
    ).json<{ token: string }>();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/pdf?inline=1',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="20606433094-01-F001-3.pdf"',
    );
  });

  it('keeps the PDF an issuer sends later instead of the rendered one', async () => {
    const sent = Buffer.from('%PDF-1.4\n% del emisor\n%%EOF\n');
    await publishSample(t, issuer, SAMPLES.factura3, sent);
    expect((await consultPdf()).equals(sent)).toBe(true);
  });
});

describe('the consultation address a rendered PDF prints', () => {
  const tests: TestApp[] = [];
  afterAll(() => Promise.all(tests.map((t) => t.close())));

  /** The text of the PDF rendered on the first request, which comes to `host`. */
  async function firstPdfText(env: Record<string, string>, host: string): Promise<string> {
    const t = await buildTestApp({ env });
    tests.push(t);
    await publishSample(t, await issuerToken(t, SAMPLES.factura3.emisor), SAMPLES.factura3);
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/document/auth',
      payload: proofOf(SAMPLES.factura3),
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/pdf',
      headers: { authorization: `Bearer ${auth.json<{ token: string }>().token}`, host },
    });
    expect(pdf.statusCode).toBe(200);
    return (await readPdfText(pdf.rawPayload)).text;
  }

  it('is PUBLIC_URL’s consultation page, whatever host the first request named', async () => {
    const text = await firstPdfText(
      { PUBLIC_URL: 'https://comprobantes.example.pe' },
      'attacker.test',
    );
    expect(text).toContain(
      'Consulte su documento en: https://comprobantes.example.pe/document/login',
    );
    expect(text).not.toContain('attacker.test');
  });

  it('is no address at all without PUBLIC_URL: the portal is named in words', async () => {
    const text = await firstPdfText({ SUFEL_PRODUCT: 'Comprobantes ACME' }, 'attacker.test');
    expect(text).toContain(
      'Consulte su documento en el portal Comprobantes ACME, opción «Consulta individual».',
    );
    expect(text).not.toContain('attacker.test');
    expect(text).not.toMatch(/https?:\/\//);
  });
});
