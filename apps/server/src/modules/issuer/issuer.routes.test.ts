import { API_MESSAGES } from '@sufel/contract';
import { sql } from 'kysely';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import {
  ISSUER_PASSWORD,
  issuerToken,
  proofOf,
  publishSample,
} from '../../../test/helpers/issuers.js';

const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const RUC = SAMPLES.factura3.emisor;

async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.endsWith('tmp'))
    .map((entry) => entry.name);
}

async function documentCount(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from documents`.execute(
    t.database.db,
  );
  return rows[0]!.n;
}

describe('issuer API', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://comprobantes.example.pe' } });
    token = await issuerToken(t, RUC, 'GASPER SOFT S.A.C.');
  });
  afterAll(() => t.close());

  const bearer = () => ({ authorization: `Bearer ${token}` });

  describe('POST /api/company/auth', () => {
    it('answers a token valid two days', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/auth',
        payload: { ruc: RUC, password: ISSUER_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; expire: number }>();
      expect(body.token.split('.')).toHaveLength(3);
      expect(body.expire).toBe(Math.floor(t.clock.now.getTime() / 1000) + 2 * 24 * 3600);
    });

    it('answers the legacy message for wrong credentials and unknown issuers', async () => {
      for (const payload of [
        { ruc: RUC, password: 'otra-clave-123' },
        { ruc: '20600055519', password: ISSUER_PASSWORD },
      ]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/company/auth', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: 'credenciales inválidas' });
      }
    });

    it('validates the body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/auth',
        payload: { ruc: '123' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('11 dígitos');
    });
  });

  describe('POST /api/company/documents', () => {
    it('publishes and answers absolute download links valid 24 h', async () => {
      const response = await publishSample(t, token, SAMPLES.factura3);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ xml: string; pdf: string; id: number; nuevo: boolean }>();
      expect(body.nuevo).toBe(true);
      expect(body.xml).toMatch(/^https:\/\/comprobantes\.example\.pe\/file\/[\w.-]+\/xml$/);
      expect(body.pdf).toMatch(/\/pdf$/);
      const xml = await t.app.inject({ method: 'GET', url: new URL(body.xml).pathname });
      expect(xml.statusCode).toBe(200);
      expect(xml.headers['content-type']).toContain('text/xml');
      expect(xml.headers['content-disposition']).toBe(
        'attachment; filename="20606433094-01-F001-3.xml"',
      );
      expect(xml.rawPayload.equals(await fixture(SAMPLES.factura3.file))).toBe(true);
    });

    it('is idempotent: the same document again changes nothing', async () => {
      const before = await documentCount(t);
      const files = await storedFiles(t);
      const again = await publishSample(t, token, SAMPLES.factura3);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ nuevo: false });
      expect(await documentCount(t)).toBe(before);
      expect(await storedFiles(t)).toEqual(files);
    });

    it('takes the PDF a later publish brings', async () => {
      const response = await publishSample(t, token, SAMPLES.factura3, MINIMAL_PDF);
      const { pdf } = response.json<{ pdf: string }>();
      const download = await t.app.inject({ method: 'GET', url: new URL(pdf).pathname });
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(MINIMAL_PDF)).toBe(true);
    });

    it('refuses a different XML for a published number with 409', async () => {
      const altered = Buffer.concat([
        await fixture(SAMPLES.factura3.file),
        Buffer.from('\n<!-- x -->\n'),
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/documents',
        headers: bearer(),
        payload: { xml: altered.toString('base64'), pdf: '' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'El comprobante ya fue publicado con un XML distinto.',
      });
    });

    it('keeps the CDR and SUNAT’s answer', async () => {
      const cdrIssuer = await issuerToken(t, SAMPLES.creditNoteWithCdr.emisor);
      const response = await publishSample(t, cdrIssuer, SAMPLES.creditNoteWithCdr);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ cdr: string }>();
      expect(body.cdr).toMatch(/\/cdr$/);
      const cdr = await t.app.inject({ method: 'GET', url: new URL(body.cdr).pathname });
      expect(cdr.rawPayload.equals(await fixture(SAMPLES.creditNoteWithCdr.cdr))).toBe(true);
      expect(cdr.headers['content-disposition']).toContain('R-20000000001-07-F001-1.xml');
      const consult = await t.app.inject({
        method: 'POST',
        url: '/api/document/auth',
        payload: proofOf(SAMPLES.creditNoteWithCdr),
      });
      const detail = await t.app.inject({
        method: 'GET',
        url: '/api/document/resource/detail',
        headers: { authorization: `Bearer ${consult.json<{ token: string }>().token}` },
      });
      expect(detail.json<{ sunat: unknown }>().sunat).toMatchObject({
        code: '0',
        description: expect.stringContaining('aceptada') as unknown,
      });
    });

    it('refuses a CDR that answers for another document', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/documents',
        headers: bearer(),
        payload: {
          xml: (await fixture(SAMPLES.factura4.file)).toString('base64'),
          pdf: '',
          cdr: (await fixture('R-20100454523-01-F001-00004355.zip')).toString('base64'),
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('F001-00004355');
    });

    describe('bad input gets a clear 400 and stores nothing', () => {
      const entityBomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&lol3;</Invoice>`;
      const externalEntity = `<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&x;</ID></Invoice>`;

      const cases: [string, () => Promise<Record<string, string>>, RegExp][] = [
        ['XML not in base64', () => Promise.resolve({ xml: '<Invoice/>', pdf: '' }), /base64/],
        ['empty XML', () => Promise.resolve({ xml: '', pdf: '' }), /XML/],
        [
          'entity bomb',
          () => Promise.resolve({ xml: Buffer.from(entityBomb).toString('base64'), pdf: '' }),
          /DOCTYPE/,
        ],
        [
          'external entity',
          () => Promise.resolve({ xml: Buffer.from(externalEntity).toString('base64'), pdf: '' }),
          /DOCTYPE/,
        ],
        [
          'truncated XML',
          async () => {
            const bytes = await fixture(SAMPLES.factura4.file);
            return { xml: bytes.subarray(0, bytes.length / 2).toString('base64'), pdf: '' };
          },
          /bien formado/,
        ],
        [
          'random bytes',
          () =>
            Promise.resolve({
              xml: Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01]).toString('base64'),
              pdf: '',
            }),
          /.+/,
        ],
        [
          'another issuer’s XML',
          async () => ({
            xml: (await fixture(SAMPLES.ubl20Factura.file)).toString('base64'),
            pdf: '',
          }),
          /el ruc del emisor no coincide con el XML/,
        ],
        [
          'a PDF that is not a PDF',
          async () => ({
            xml: (await fixture(SAMPLES.factura4.file)).toString('base64'),
            pdf: Buffer.from('hola').toString('base64'),
          }),
          /PDF/,
        ],
        [
          'a PDF not in base64',
          async () => ({
            xml: (await fixture(SAMPLES.factura4.file)).toString('base64'),
            pdf: '%PDF-1.4 raw',
          }),
          /PDF no está codificado en base64/,
        ],
      ];

      it.each(cases)('%s', async (_name, body, message) => {
        const documents = await documentCount(t);
        const files = await storedFiles(t);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/company/documents',
          headers: bearer(),
          payload: await body(),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ message: string }>().message).toMatch(message);
        expect(await documentCount(t)).toBe(documents);
        expect(await storedFiles(t)).toEqual(files);
      });

      it('an XML over 10 MB is 413', async () => {
        const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/company/documents',
          headers: bearer(),
          payload: { xml: huge.toString('base64'), pdf: '' },
        });
        expect(response.statusCode).toBe(413);
        expect(response.json<{ message: string }>().message).toContain('10 MB');
      });
    });

    it('needs an issuer token', async () => {
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/company/documents',
        payload: {},
      });
      expect(none.statusCode).toBe(401);
      const garbage = await t.app.inject({
        method: 'POST',
        url: '/api/company/documents',
        headers: { authorization: 'Bearer abc.def.ghi' },
        payload: {},
      });
      expect(garbage.statusCode).toBe(401);
    });
  });

  describe('PATCH /api/company/documents (void)', () => {
    it('marks the document voided and keeps it', async () => {
      await publishSample(t, token, SAMPLES.factura4);
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/company/documents',
        headers: bearer(),
        payload: { tipo: '01', serie: 'f001', correlativo: '00000004' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: 'comprobante anulado' });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2024-11-26&end=2024-11-26',
        headers: bearer(),
      });
      expect(list.json()).toMatchObject([{ serie: 'F001', correlativo: '4', baja: true }]);
    });

    it('answers 400 for a document the issuer does not have', async () => {
      for (const payload of [
        { tipo: '01', serie: 'F001', correlativo: 99 },
        { tipo: '07', serie: 'F001', correlativo: '1' },
      ]) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: '/api/company/documents',
          headers: bearer(),
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: 'No se pudo anular el documento' });
      }
    });
  });

  describe('GET /api/company/documents', () => {
    it('lists the issuer’s documents in a date range, in the legacy shape', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2024-11-01&end=2024-11-30',
        headers: bearer(),
      });
      expect(response.statusCode).toBe(200);
      const rows = response.json<{ tipo: string; serie: string; correlativo: string }[]>();
      expect(rows.map((row) => `${row.tipo}-${row.serie}-${row.correlativo}`)).toEqual([
        '01-F001-3',
        '01-F001-4',
      ]);
      // Later additions (SUNAT's status, the signature check, the money facts) come on top of
      // the legacy fields.
      const {
        id,
        emisor_nombre,
        cliente_nombre,
        estado_sunat,
        firma,
        estado,
        origen,
        forma_pago,
        cuotas,
        detraccion,
        detraccion_monto,
        percepcion_monto,
        retencion_monto,
        ...first
      } = rows[0] as unknown as Record<string, unknown>;
      expect(typeof cuotas).toBe('number');
      expect(typeof detraccion).toBe('boolean');
      for (const amount of [detraccion_monto, percepcion_monto, retencion_monto]) {
        expect(amount === null || ['number', 'string'].includes(typeof amount)).toBe(true);
      }
      expect(forma_pago === null || typeof forma_pago === 'string').toBe(true);
      expect(estado_sunat).toBe('sin_cdr');
      expect(estado).toBe('sin_cdr');
      expect(firma).toMatchObject({ estado: 'valida', ruc: '20606433094' });
      expect(origen).toBe('emisor');
      expect(typeof id).toBe('number');
      expect(typeof emisor_nombre).toBe('string');
      expect(typeof cliente_nombre).toBe('string');
      expect(first).toEqual({
        emisor: '20606433094',
        tipo: '01',
        serie: 'F001',
        correlativo: '3',
        correlativo_impreso: '3',
        fecha: '2024-11-25',
        total: 1180,
        moneda: 'PEN',
        cliente_tipo: '6',
        cliente_doc: '20415932376',
        baja: false,
        cdr: false,
      });
    });

    it('never shows another issuer’s documents', async () => {
      const other = await issuerToken(t, SAMPLES.ubl20Factura.emisor);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2000-01-01&end=2030-12-31',
        headers: { authorization: `Bearer ${other}` },
      });
      expect(response.json()).toEqual([]);
    });

    it('validates the range', async () => {
      const reversed = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2024-12-01&end=2024-11-01',
        headers: bearer(),
      });
      expect(reversed.statusCode).toBe(400);
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents',
        headers: bearer(),
      });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('signed links', () => {
    it('expire after 24 hours and cannot be forged', async () => {
      const response = await publishSample(t, token, SAMPLES.factura3);
      const path = new URL(response.json<{ xml: string }>().xml).pathname;
      const forged = path.replace(
        /\/file\/[^.]+/,
        `/file/${Buffer.from('1.9999999999').toString('base64url')}`,
      );
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
      const saved = t.clock.now;
      t.clock.now = new Date(saved.getTime() + 24 * 3600 * 1000 + 1000);
      try {
        const expired = await t.app.inject({ method: 'GET', url: path });
        expect(expired.statusCode).toBe(404);
        expect(expired.json()).toMatchObject({ message: 'El enlace no existe o expiró.' });
      } finally {
        t.clock.now = saved;
      }
    });
  });

  describe('POST /api/company/change-password', () => {
    it('refuses a wrong current password', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/change-password',
        headers: bearer(),
        payload: { old: 'no-es-esta', new: 'nueva-clave-123' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'No se pudo cambiar la contraseña' });
    });

    it('refuses a new password that is easy to guess', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/change-password',
        headers: bearer(),
        payload: { old: ISSUER_PASSWORD, new: '12345678' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: API_MESSAGES.weakPassword });
    });

    it('changes it, ends earlier tokens of the same second and answers a new one', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/change-password',
        headers: bearer(),
        payload: { old: ISSUER_PASSWORD, new: 'nueva-clave-123' },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; token: string }>();
      expect(body.message).toBe('contraseña actualizada');
      const stale = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2024-01-01&end=2024-01-02',
        headers: bearer(),
      });
      expect(stale.statusCode).toBe(401);
      token = body.token;
      const fresh = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2024-01-01&end=2024-01-02',
        headers: bearer(),
      });
      expect(fresh.statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/company/auth',
        payload: { ruc: RUC, password: 'nueva-clave-123' },
      });
      expect(login.statusCode).toBe(200);
    });
  });

  describe('POST /api/company/documents/batch', () => {
    it('publishes each document of a batch on its own, in order', async () => {
      const notaCredito = (await fixture(SAMPLES.notaCredito1.file)).toString('base64');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/documents/batch',
        headers: bearer(),
        payload: {
          documents: [
            { xml: notaCredito, pdf: '' },
            { xml: (await fixture(SAMPLES.factura3.file)).toString('base64'), pdf: '' },
            { xml: '¡no es base64!', pdf: '' },
            { xml: notaCredito },
            { xml: (await fixture(SAMPLES.ubl20Factura.file)).toString('base64') },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      const { results } = response.json<{ results: Record<string, unknown>[] }>();
      expect(results.map((result) => [result.status, result.nuevo ?? result.message])).toEqual([
        [200, true],
        [200, false],
        [400, 'El XML no está codificado en base64.'],
        [200, false],
        [400, 'el ruc del emisor no coincide con el XML'],
      ]);
      expect(results[3]!.id).toBe(results[0]!.id);
      expect(results[0]!.xml).toMatch(/\/file\/[\w.-]+\/xml$/);
    });

    it('bounds the size of a batch', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/company/documents/batch',
        headers: bearer(),
        payload: { documents: Array.from({ length: 101 }, () => ({ xml: 'eA==' })) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('como máximo 100');
    });
  });

  describe('token lifetime and scope', () => {
    it('ends issuer tokens after two days', async () => {
      const saved = t.clock.now;
      t.clock.now = new Date(saved.getTime() + 2 * 24 * 3600 * 1000 + 1000);
      try {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/company/documents?start=2024-01-01&end=2024-01-02',
          headers: bearer(),
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ message: 'Su sesión expiró. Vuelva a ingresar.' });
      } finally {
        t.clock.now = saved;
      }
    });

    it('stops honouring tokens of a disabled issuer', async () => {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/companies/${RUC}?token=${ADMIN_TOKEN}`,
        payload: { habilitado: false },
      });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/company/documents?start=2024-01-01&end=2024-01-02',
        headers: bearer(),
      });
      expect(response.statusCode).toBe(401);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/companies/${RUC}?token=${ADMIN_TOKEN}`,
        payload: { habilitado: true },
      });
    });
  });
});
