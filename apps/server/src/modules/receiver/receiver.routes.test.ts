import { API_MESSAGES, PAGE_COUNT_CAP } from '@sufel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { CookieJar } from '../../../test/helpers/cookie-jar.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';
import { storeDocuments } from '../../../test/helpers/receiver-documents.js';
import { receiverToken, registerReceiver } from '../../../test/helpers/receivers.js';

const RECEIVER = '20415932376';
const WEAK_PASSWORD = API_MESSAGES.weakPassword;
const PASSWORD = 'clave-receptor-1';

interface DocumentRow {
  id: number;
  tipo: string;
  serie: string;
  emisor_nombre: string;
  correlativo: string;
  fecha: string;
  total: number;
}

describe('receiver accounts and documents', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const gasper = await issuerToken(t, '20606433094', 'GASPER SOFT S.A.C.');
    for (const sample of [
      SAMPLES.factura3,
      SAMPLES.factura4,
      SAMPLES.notaCredito1,
      SAMPLES.boleta1,
    ]) {
      expect((await publishSample(t, gasper, sample)).statusCode).toBe(200);
    }
    const other = await issuerToken(t, '20600995805', 'OTRO EMISOR S.A.');
    expect((await publishSample(t, other, SAMPLES.debitNoteInvalidRucCustomer)).statusCode).toBe(
      200,
    );
    const ubl20 = await issuerToken(t, '20600055519');
    expect((await publishSample(t, ubl20, SAMPLES.ubl20Factura)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>, remoteAddress = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/client/register', payload, remoteAddress });
  const login = (receiverRuc: string, password: string, remoteAddress = '10.9.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { documento: receiverRuc, password },
      remoteAddress,
    });
  const registration = (overrides: Record<string, unknown> = {}) => ({
    documento: RECEIVER,
    nombres: 'CLIENTE DE PRUEBA S.A.C.',
    password: PASSWORD,
    repeat_password: PASSWORD,
    comprobante: proofOf(SAMPLES.factura3),
    ...overrides,
  });

  async function session(): Promise<CookieJar> {
    const jar = new CookieJar();
    const response = await login(RECEIVER, PASSWORD);
    expect(response.statusCode).toBe(200);
    jar.store(response);
    return jar;
  }

  describe('registration', () => {
    it('refuses a proof that names no document of this RUC', async () => {
      for (const comprobante of [
        { ...proofOf(SAMPLES.factura3), total: '1.00' },
        proofOf(SAMPLES.boleta1),
        proofOf(SAMPLES.ubl20Factura),
      ]) {
        const response = await register(registration({ comprobante }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: 'Los datos del comprobante no corresponden a un documento emitido a este RUC.',
        });
      }
    });

    it('refuses passwords that differ or are short', async () => {
      const differ = await register(registration({ repeat_password: 'otra-clave-1' }));
      expect(differ.json<{ message: string }>().message).toContain('Las contraseñas no coinciden.');
      const short = await register(registration({ password: 'corta', repeat_password: 'corta' }));
      expect(short.statusCode).toBe(400);
      const once = await register(registration({ repeat_password: '' }));
      expect(once.statusCode).toBe(400);
      expect(once.json<{ message: string }>().message).toContain('Repita la contraseña.');
    });

    it('refuses passwords that are easy to guess, or built on the RUC or the name', async () => {
      for (const weak of ['12345678', 'password1', RECEIVER, 'clienteprueba']) {
        const response = await register(registration({ password: weak, repeat_password: weak }));
        expect(response.statusCode, weak).toBe(400);
        expect(response.json(), weak).toMatchObject({ message: WEAK_PASSWORD });
      }
    });

    it('tells an old client registering with the SOL user what is needed and where', async () => {
      const { comprobante: _proof, ...withoutProof } = registration();
      const sol = await t.app.inject({
        method: 'POST',
        url: '/api/client/register',
        headers: { host: 'comprobantes.example.pe' },
        payload: { ...withoutProof, usuario_sol: 'MODDATOS', clave_sol: 'moddatos' },
        remoteAddress: '10.9.0.7',
      });
      expect(sol.statusCode).toBe(400);
      expect(sol.json()).toMatchObject({
        message:
          'El registro ya no usa el usuario ni la clave SOL. Para crear una cuenta se necesitan los datos de un comprobante electrónico emitido a su RUC y publicado en este portal: RUC del emisor, tipo, serie-número, fecha de emisión e importe total. Regístrese en http://comprobantes.example.pe/client/register.',
      });
      const bare = await register({ ...withoutProof, comprobante: null }, '10.9.0.7');
      expect(bare.statusCode).toBe(400);
      expect(bare.json<{ message: string }>().message).toMatch(
        /^Para crear una cuenta se necesitan los datos de un comprobante .* Regístrese en http:\/\/[^ ]+\/client\/register\.$/,
      );
      expect((await login(RECEIVER, PASSWORD, '10.9.0.7')).statusCode).toBe(400);
    });

    it('refuses a RUC whose check digit is wrong, even with a valid proof', async () => {
      const response = await register(
        registration({
          documento: SAMPLES.debitNoteInvalidRucCustomer.cliente,
          comprobante: proofOf(SAMPLES.debitNoteInvalidRucCustomer),
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'El RUC no es válido.' });
    });

    it('creates the account with a valid proof, signed in at once, and never overwrites it', async () => {
      const created = await register(registration());
      expect(created.statusCode).toBe(200);
      const answer = created.json<{ message: string; token: string; expire: number }>();
      expect(answer).toMatchObject({
        message: 'Cuenta creada.',
        token: expect.any(String) as string,
        expire: Math.floor(t.clock.now.getTime() / 1000) + 5 * 3600,
      });
      expect(created.cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
      const issuers = await t.app.inject({
        method: 'GET',
        url: '/api/client/companies',
        headers: { authorization: `Bearer ${answer.token}` },
      });
      expect(issuers.statusCode).toBe(200);
      const again = await register(
        registration({
          password: 'intruso-123',
          repeat_password: 'intruso-123',
          comprobante: proofOf(SAMPLES.factura4),
        }),
      );
      expect(again.statusCode).toBe(400);
      expect(again.json<{ message: string }>().message).toContain('Ya existe una cuenta');
      expect((await login(RECEIVER, 'intruso-123')).statusCode).toBe(400);
      expect((await login(RECEIVER, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('login', () => {
    it('answers a token and sets the session cookies', async () => {
      const response = await login(RECEIVER, PASSWORD);
      expect(response.json<{ expire: number }>().expire).toBe(
        Math.floor(t.clock.now.getTime() / 1000) + 5 * 3600,
      );
      expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
        'XSRF-TOKEN',
        'sufel_client',
      ]);
    });

    it('answers the legacy message for wrong credentials', async () => {
      for (const [receiverRuc, password] of [
        [RECEIVER, 'incorrecta-1'],
        ['20100070970', PASSWORD],
      ] as const) {
        const response = await login(receiverRuc, password, '10.9.0.2');
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: 'credenciales inválidas' });
      }
    });
  });

  describe('documents', () => {
    it('lists only the issuers that sent this receiver documents', async () => {
      const jar = await session();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/client/companies',
        headers: jar.headers(),
      });
      expect(response.json()).toEqual([{ ruc: '20606433094', nombre: 'GASPER SOFT S.A.C.' }]);
    });

    it('filters the legacy list as the old dashboard sends it', async () => {
      const jar = await session();
      const list = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/client/documents',
          headers: jar.headers(true),
          payload,
        });
      const all = await list({
        start: '2024-11-25T05:00:00.000Z',
        end: '2024-11-27T04:59:59.000Z',
        emisor: '',
        tipoDoc: '',
      });
      expect(all.statusCode).toBe(200);
      expect(
        all.json<DocumentRow[]>().map((row) => `${row.tipo}-${row.serie}-${row.correlativo}`),
      ).toEqual(['01-F001-4', '07-F001-1', '01-F001-3']);
      const facturas = await list({
        start: '2024-11-01',
        end: '2024-11-30',
        tipoDoc: '01',
        serie: 'f001',
        correlativo: '0004',
      });
      expect(facturas.json<DocumentRow[]>().map((row) => row.correlativo)).toEqual(['4']);
      const day = await list({ start: '2024-11-25', end: '2024-11-25', emisor: '20606433094' });
      expect(day.json<DocumentRow[]>()).toHaveLength(2);
      const none = await list({ start: '2024-11-25', end: '2024-11-25', emisor: '20600995805' });
      expect(none.json()).toEqual([]);
    });

    it('pages by key, newest first, to the end', async () => {
      const jar = await session();
      const page = (query: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/client/documents?${query}`,
          headers: jar.headers(),
        });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode).toBe(200);
        const body = response.json<{ items: DocumentRow[]; nextCursor: string | null }>();
        expect(body.items.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((row) => `${row.fecha} ${row.correlativo}`));
        cursor = body.nextCursor;
      } while (cursor !== null);
      expect(seen).toEqual(['2024-11-26 4', '2024-11-25 1', '2024-11-25 3']);

      const byTotal = await page('sort=total&dir=asc&limit=10');
      expect(byTotal.json<{ items: DocumentRow[] }>().items.map((row) => row.total)).toEqual([
        0, 1180, 423225,
      ]);
      const bad = await page('cursor=bm9wZQ');
      expect(bad.statusCode).toBe(400);
      // Well-formed cursors whose values the columns cannot hold.
      for (const [sort, value, id] of [
        ['fecha', '2024-13-45', 5],
        ['fecha', '2024-11-25', 2_147_483_648],
        ['total', '1.00', 9_007_199_254_740_991],
      ] as const) {
        const cursor = Buffer.from(JSON.stringify([sort, value, id])).toString('base64url');
        const odd = await page(`sort=${sort}&cursor=${cursor}`);
        expect(odd.statusCode).toBe(400);
        expect(odd.json()).toMatchObject({
          message: 'El cursor de página no es válido; vuelva a la primera página.',
        });
      }
      const tooMany = await page('limit=100000');
      expect(tooMany.statusCode).toBe(400);
    });

    it('pages by every sort one row at a time as it lists them at once, with the total', async () => {
      const jar = await session();
      const page = async (query: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/client/documents?${query}`,
          headers: jar.headers(),
        });
        expect(response.statusCode).toBe(200);
        return response.json<{ items: DocumentRow[]; nextCursor: string | null; total: number }>();
      };
      const keyOf: Record<string, (row: DocumentRow) => string> = {
        emisor: (row) => row.emisor_nombre,
        // Documents of one type follow their dates.
        tipo: (row) => `${row.tipo} ${row.fecha}`,
        numero: (row) => `${row.serie}-${String(row.correlativo).padStart(8, '0')}`,
      };
      for (const sort of ['emisor', 'tipo', 'numero']) {
        for (const dir of ['asc', 'desc']) {
          const all = await page(`sort=${sort}&dir=${dir}&limit=10`);
          expect(all.total).toBe(3);
          const keys = all.items.map(keyOf[sort]!);
          const sorted = [...keys].sort();
          expect(keys).toEqual(dir === 'asc' ? sorted : sorted.reverse());
          const seen: number[] = [];
          let cursor: string | null = null;
          do {
            const body = await page(
              `sort=${sort}&dir=${dir}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
            );
            expect(body.total).toBe(3);
            seen.push(...body.items.map((row) => row.id));
            cursor = body.nextCursor;
          } while (cursor !== null);
          expect(seen).toEqual(all.items.map((row) => row.id));
        }
      }
      const filtered = await page('start=2024-11-26&end=2024-11-26&limit=1');
      expect(filtered.total).toBe(1);
      const otherSort = await page(`sort=fecha&limit=1`);
      const mismatched = await t.app.inject({
        method: 'GET',
        url: `/api/client/documents?sort=numero&cursor=${otherSort.nextCursor}`,
        headers: jar.headers(),
      });
      expect(mismatched.statusCode).toBe(400);
    });

    it("tells when the receiver's latest document is from", async () => {
      const jar = await session();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/client/documents/latest',
        headers: jar.headers(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ fecha: '2024-11-26' });
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/client/documents/latest' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('serves its own documents and answers 404 for anyone else’s', async () => {
      const jar = await session();
      const mine = (
        await t.app.inject({
          method: 'GET',
          url: '/api/client/documents?limit=1',
          headers: jar.headers(),
        })
      ).json<{ items: DocumentRow[] }>().items[0]!;
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/client/documents/${mine.id}/resource/info`,
        headers: jar.headers(),
      });
      expect(info.statusCode).toBe(200);
      const xml = await t.app.inject({
        method: 'GET',
        url: `/api/client/documents/${mine.id}/resource/xml`,
        headers: jar.headers(),
      });
      expect(xml.headers['content-disposition']).toBe(
        'attachment; filename="20606433094-01-F001-4.xml"',
      );

      const issuer = await issuerToken(t, '20606433094');
      const everything = (
        await t.app.inject({
          method: 'GET',
          url: '/api/company/documents?start=2000-01-01&end=2030-01-01',
          headers: { authorization: `Bearer ${issuer}` },
        })
      ).json<DocumentRow[]>();
      const boleta = everything.find((row) => row.tipo === '03')!;
      for (const id of [boleta.id, 999_999]) {
        for (const type of ['info', 'xml', 'pdf', 'detail']) {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/client/documents/${id}/resource/${type}`,
            headers: jar.headers(),
          });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({ message: 'documento no encontrado' });
        }
      }
      // Ids past what the integer column holds are no documents either, never a 5xx.
      for (const id of ['2147483648', '99999999999999999999', '0', '-1']) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/client/documents/${id}/resource/info`,
          headers: jar.headers(),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: 'Identificador inválido. (campo: id)' });
      }
    });
  });

  describe('password changes', () => {
    it('needs the XSRF header when the browser session is a cookie', async () => {
      const jar = await session();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/client/change-password',
        headers: jar.headers(false),
        payload: { old: PASSWORD, new: 'nueva-clave-1', repeat: 'nueva-clave-1' },
      });
      expect(response.statusCode).toBe(403);
    });

    it('refuses a new password that is easy to guess', async () => {
      const jar = await session();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/client/change-password',
        headers: jar.headers(true),
        payload: { old: PASSWORD, new: '12345678', repeat: '12345678' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: WEAK_PASSWORD });
    });

    it('refuses a wrong current password or a repeat that differs', async () => {
      const jar = await session();
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/client/change-password',
        headers: jar.headers(true),
        payload: { old: 'no-es-esta', new: 'nueva-clave-1' },
      });
      expect(wrong.statusCode).toBe(400);
      const differ = await t.app.inject({
        method: 'POST',
        url: '/api/client/change-password',
        headers: jar.headers(true),
        payload: { old: PASSWORD, new: 'nueva-clave-1', repeat: 'nueva-clave-2' },
      });
      expect(differ.json<{ message: string }>().message).toContain('Las contraseñas no coinciden.');
    });

    it('changes it, keeps this browser in and ends other sessions, even of the same second', async () => {
      const other = (await login(RECEIVER, PASSWORD)).json<{ token: string }>().token;
      const jar = await session();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/client/change-password',
        headers: jar.headers(true),
        payload: { old: PASSWORD, new: 'nueva-clave-1', repeat: 'nueva-clave-1' },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; token: string; expire: number }>();
      expect(Object.keys(body).sort()).toEqual(['expire', 'message', 'token']);
      expect(body.message).toBe('contraseña actualizada');
      jar.store(response);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/client/companies',
            headers: jar.headers(),
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/client/companies',
            headers: { authorization: `Bearer ${other}` },
          })
        ).statusCode,
      ).toBe(401);
      expect((await login(RECEIVER, 'nueva-clave-1')).statusCode).toBe(200);
      expect((await login(RECEIVER, PASSWORD, '10.9.0.3')).statusCode).toBe(400);
    });

    it('keeps a bearer client signed in with the token it answers', async () => {
      const token = (await login(RECEIVER, 'nueva-clave-1')).json<{ token: string }>().token;
      const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/client/change-password',
        headers: bearer(token),
        payload: { old: 'nueva-clave-1', new: 'nueva-clave-2' },
      });
      expect(changed.statusCode).toBe(200);
      const fresh = changed.json<{ token: string; expire: number }>();
      expect(fresh.expire).toBe(Math.floor(t.clock.now.getTime() / 1000) + 5 * 3600);
      const list = (value: string) =>
        t.app.inject({ method: 'GET', url: '/api/client/companies', headers: bearer(value) });
      expect((await list(token)).statusCode).toBe(401);
      const listed = await list(fresh.token);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).not.toEqual([]);
      const back = await t.app.inject({
        method: 'POST',
        url: '/api/client/change-password',
        headers: bearer(fresh.token),
        payload: { old: 'nueva-clave-2', new: 'nueva-clave-1' },
      });
      expect(back.statusCode).toBe(200);
    });

    it('never lets a document proof change an existing password', async () => {
      const legacy = await t.app.inject({
        method: 'POST',
        url: '/api/client/reset-password',
        payload: {
          documento: RECEIVER,
          password: 'otra-clave-99',
          repeat_password: 'otra-clave-99',
          comprobante: proofOf(SAMPLES.factura4),
        },
        remoteAddress: '10.9.0.4',
      });
      expect(legacy.statusCode).toBe(410);
      expect(legacy.json<{ message: string }>().message).toMatch(
        /^Los datos de un comprobante ya no permiten cambiar la contraseña.*¿Olvidó su contraseña\?.*operador/,
      );
      expect((await login(RECEIVER, 'otra-clave-99')).statusCode).toBe(400);
      expect((await login(RECEIVER, 'nueva-clave-1')).statusCode).toBe(200);
      const reregister = await register(
        registration({ password: 'otra-clave-99', repeat_password: 'otra-clave-99' }),
      );
      expect(reregister.statusCode).toBe(400);
      expect((await login(RECEIVER, 'nueva-clave-1')).statusCode).toBe(200);
    });
  });

  describe('logout and expiry', () => {
    it('ends the session on logout', async () => {
      const response = await login(RECEIVER, 'nueva-clave-1');
      const jar = new CookieJar();
      jar.store(response);
      const { token } = response.json<{ token: string }>();
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/client/logout',
        headers: jar.headers(true),
      });
      expect(logout.statusCode).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/client/companies',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.statusCode).toBe(401);
    });

    it('ends client sessions after five hours', async () => {
      const { token } = (await login(RECEIVER, 'nueva-clave-1')).json<{ token: string }>();
      t.clock.now = new Date(t.clock.now.getTime() + 5 * 3600 * 1000 + 1000);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/client/companies',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Su sesión expiró. Vuelva a ingresar.' });
    });
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      limitRules: {
        address: { maxFailures: 10, refuseAfter: 100, windowMs: 60_000 },
        target: { maxFailures: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  it('asks for a verification, in Spanish, once an account has had too many failures', async () => {
    const attempt = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/login',
        payload: { documento: RECEIVER, password: 'adivinando' },
        remoteAddress,
      });
    const left: unknown[] = [];
    for (const address of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      const failed = await attempt(address);
      expect(failed.statusCode).toBe(400);
      left.push(failed.json<{ attemptsLeft: number }>().attemptsLeft);
    }
    expect(left).toEqual([2, 1, 0]);
    const blocked = await attempt('4.4.4.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeUndefined();
    expect(blocked.json<{ message: string; challengeRequired: boolean }>()).toMatchObject({
      message: expect.stringMatching(/^Hubo demasiados intentos fallidos/) as string,
      challengeRequired: true,
      challengeLevel: 'target',
      attemptsLeft: 0,
    });
  });

  it('limits registration attempts too', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client/register',
        payload: {
          documento: '20100070970',
          nombres: 'X',
          password: 'clave-123456',
          repeat_password: 'clave-123456',
          comprobante: { ...proofOf(SAMPLES.ubl20Factura), total: '1.00' },
        },
        remoteAddress: '5.5.5.5',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });
});

describe('a receiver with more documents than a page counts', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t);
    // Copies of the published row under other numbers: as many as a large month holds.
    await sql`
      insert into documents (emisor, emisor_nombre, tipo, serie, numero, fecha, total, moneda,
        cliente_tipo, cliente_doc, cliente_nombre, xml_hash)
      select emisor, emisor_nombre, tipo, 'F999', n, fecha, total, moneda,
        cliente_tipo, cliente_doc, cliente_nombre, xml_hash
      from documents cross join generate_series(1, ${PAGE_COUNT_CAP}) as n`.execute(t.database.db);
    token = await receiverToken(t);
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/client/documents?start=2024-01-01&end=2024-12-31&limit=25${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: unknown[]; total: number; totalCapped: boolean }>();
  };

  it('says "more than" the cap instead of counting every matching row on every page', async () => {
    const all = await page('');
    expect(all.items).toHaveLength(25);
    expect({ total: all.total, totalCapped: all.totalCapped }).toEqual({
      total: PAGE_COUNT_CAP,
      totalCapped: true,
    });
    const narrowed = await page('&serie=F999&correlativo=7');
    expect({ total: narrowed.total, totalCapped: narrowed.totalCapped }).toEqual({
      total: 1,
      totalCapped: false,
    });
  });
});

describe('the list sorted by type', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await registerReceiver(t);
    // Two more facturas, the later one dated before the earlier: ids and dates disagree.
    const factura = { emisor: SAMPLES.factura3.emisor, tipo: '01', serie: 'F998', total: '1.00' };
    await storeDocuments(t.database.db, SAMPLES.factura3.cliente, [
      { ...factura, numero: 1, fecha: '2024-01-10' },
      { ...factura, numero: 2, fecha: '2023-05-01' },
    ]);
    token = await receiverToken(t);
  });
  afterAll(() => t.close());

  it('lists the documents of each type newest first, page after page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/client/documents?sort=tipo&dir=desc&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      const body: { items: DocumentRow[]; nextCursor: string | null } = response.json();
      seen.push(...body.items.map((row) => `${row.tipo} ${row.fecha}`));
      cursor = body.nextCursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(3);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(seen.slice(1)).toEqual(['01 2024-01-10', '01 2023-05-01']);
  });
});
