import type { AttemptError } from '@sufel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { solvedChallenge } from '../../../test/helpers/challenge.js';
import { CookieJar } from '../../../test/helpers/cookie-jar.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';
import type { TestDatabase } from '../../../test/helpers/test-database.js';
import { AttemptCountersRepository } from '../../auth/attempt-counters.repository.js';

const factura = SAMPLES.factura3;

describe('individual consultation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const token = await issuerToken(t, factura.emisor);
    for (const sample of [SAMPLES.factura3, SAMPLES.factura4, SAMPLES.notaCredito1]) {
      expect((await publishSample(t, token, sample)).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  const consult = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/document/auth', payload, remoteAddress });

  describe('matching', () => {
    it('finds the document by its printed data and opens a browser session', async () => {
      const response = await consult(proofOf(factura));
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; expire: number }>();
      expect(body.expire).toBe(Math.floor(t.clock.now.getTime() / 1000) + 5 * 3600);
      const session = response.cookies.find((cookie) => cookie.name === 'sufel_document');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/document' });
      const xsrf = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
      expect(xsrf?.httpOnly).toBeFalsy();
    });

    it.each([
      ['an ISO timestamp at Lima midnight', { fecha: '2024-11-25T05:00:00.000Z' }],
      ['an evening in Lima that is already tomorrow in UTC', { fecha: '2024-11-26T03:30:00Z' }],
      ['a numeric total', { total: 1180 }],
      ['a total with thousands separator', { total: '1,180.00' }],
      ['a total with more decimals', { total: '1180.004' }],
      ['leading zeros in the number', { documento: 'F001-00000003' }],
      ['a lower-case series', { documento: 'f001-3' }],
    ])('accepts %s', async (_name, change) => {
      expect((await consult({ ...proofOf(factura), ...change })).statusCode).toBe(200);
    });

    it('matches a zero total exactly', async () => {
      expect((await consult({ ...proofOf(SAMPLES.notaCredito1), total: 0 })).statusCode).toBe(200);
      expect((await consult({ ...proofOf(SAMPLES.notaCredito1), total: 0.01 })).statusCode).toBe(
        404,
      );
    });

    it.each([
      ['another day in Lima', { fecha: '2024-11-25T04:59:59Z' }],
      ['another day', { fecha: '2024-11-24' }],
      ['a cent more', { total: '1180.01' }],
      ['another type', { tipo: '03' }],
      ['another issuer', { emisor: '20600055519' }],
      ['another number', { documento: 'F001-33' }],
      ['a number SUNAT never gives', { documento: 'F001-000000000' }],
    ])('answers 404 for %s', async (_name, change) => {
      const response = await consult({ ...proofOf(factura), ...change }, '10.0.0.2');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'documento no encontrado' });
    });

    it('answers 400 with the field for malformed data', async () => {
      const response = await consult({ ...proofOf(factura), fecha: '25/11/2024' }, '10.0.0.3');
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        'Fecha inválida (use AAAA-MM-DD). (campo: fecha)',
      );
    });
  });

  describe('resources of the consulted document', () => {
    it('serves info, detail, XML and a PDF with the browser cookie', async () => {
      const jar = new CookieJar();
      jar.store(await consult(proofOf(factura)));
      const get = (type: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/document/resource/${type}`,
          headers: jar.headers(),
        });

      const info = await get('info');
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({
        emisor: '20606433094',
        tipo: '01',
        serie: 'F001',
        correlativo: '3',
        fecha: '2024-11-25',
        total: 1180,
        moneda: 'PEN',
        cliente_doc: '20415932376',
        baja: false,
      });

      const detail = await get('detail');
      expect(detail.statusCode).toBe(200);
      const body = detail.json<{
        lines: unknown[];
        issuer: { ruc: string };
        totals: { payable: string };
      }>();
      expect(body.issuer.ruc).toBe('20606433094');
      expect(body.lines.length).toBeGreaterThan(0);
      expect(Number(body.totals.payable)).toBe(1180);

      const xml = await get('xml');
      expect(xml.headers['content-type']).toContain('text/xml');
      expect(xml.headers['content-disposition']).toBe(
        'attachment; filename="20606433094-01-F001-3.xml"',
      );
      expect(xml.headers['cache-control']).toBe('private, no-store');
      expect(xml.rawPayload.equals(await fixture(factura.file))).toBe(true);

      const cdr = await get('cdr');
      expect(cdr.statusCode).toBe(404);
    });

    it('accepts the bearer token of API clients', async () => {
      const { token } = (await consult(proofOf(factura))).json<{ token: string }>();
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/document/resource/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.statusCode).toBe(200);
    });

    it('updates the last access of that document only', async () => {
      await sql`update documents set last_access_at = null`.execute(t.database.db);
      const { token } = (await consult(proofOf(factura))).json<{ token: string }>();
      await t.app.inject({
        method: 'GET',
        url: '/api/document/resource/info',
        headers: { authorization: `Bearer ${token}` },
      });
      const { rows } = await sql<{ serie: string; numero: number; accessed: boolean }>`
        select serie, numero, last_access_at is not null as accessed from documents order by id`.execute(
        t.database.db,
      );
      expect(rows.filter((row) => row.accessed).map((row) => row.numero)).toEqual([3]);
    });

    it('needs a consultation and rejects unknown resources', async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/document/resource/info' })).statusCode,
      ).toBe(401);
      const { token } = (await consult(proofOf(factura))).json<{ token: string }>();
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/document/resource/zip',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('ends after five hours', async () => {
      const { token } = (await consult(proofOf(factura))).json<{ token: string }>();
      const saved = t.clock.now;
      t.clock.now = new Date(saved.getTime() + 5 * 3600 * 1000 + 1000);
      try {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/document/resource/info',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(401);
      } finally {
        t.clock.now = saved;
      }
    });

    it('shows a voided document as voided', async () => {
      const issuer = await issuerToken(t, factura.emisor);
      await t.app.inject({
        method: 'PATCH',
        url: '/api/company/documents',
        headers: { authorization: `Bearer ${issuer}` },
        payload: { tipo: '07', serie: 'F001', correlativo: '1' },
      });
      const { token } = (await consult(proofOf(SAMPLES.notaCredito1))).json<{ token: string }>();
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/document/resource/info',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.json()).toMatchObject({ baja: true });
    });
  });

  describe('logout and XSRF', () => {
    it('refuses a cookie logout without the XSRF header, then ends the session with it', async () => {
      const jar = new CookieJar();
      jar.store(await consult(proofOf(factura)));
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/document/logout',
        headers: jar.headers(false),
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({
        message: 'Falta el encabezado X-XSRF-TOKEN o no coincide.',
      });

      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/document/logout',
        headers: { ...jar.headers(false), 'x-xsrf-token': 'a'.repeat(43) },
      });
      expect(wrong.statusCode).toBe(403);

      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/document/logout',
        headers: jar.headers(true),
      });
      expect(logout.statusCode).toBe(200);
      const cleared = logout.cookies.find((cookie) => cookie.name === 'sufel_document');
      expect(cleared?.value).toBe('');
      const before = jar.header();
      jar.store(logout);
      expect(jar.header()).not.toBe(before);
    });

    it('revokes a bearer token on logout', async () => {
      const { token } = (await consult(proofOf(factura))).json<{ token: string }>();
      const headers = { authorization: `Bearer ${token}` };
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/document/logout', headers })).statusCode,
      ).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/document/resource/info',
        headers,
      });
      expect(after.statusCode).toBe(401);
    });

    it('keeps a consultation token out of the other areas', async () => {
      const { token } = (await consult(proofOf(factura))).json<{ token: string }>();
      const headers = { authorization: `Bearer ${token}` };
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/client/companies', headers })).statusCode,
      ).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/company/documents?start=2024-01-01&end=2024-12-31',
            headers,
          })
        ).statusCode,
      ).toBe(401);
    });
  });
});

/** In memory a consultation counts and looks up in turn; in the database, in one statement. */
describe.each([
  { counters: 'memory', counterStore: undefined },
  {
    counters: 'the database',
    counterStore: (database: TestDatabase, now: () => number) =>
      new AttemptCountersRepository(database.db, now),
  },
])('consultation rate limits, counters in $counters', ({ counterStore }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      ...(counterStore ? { counterStore } : {}),
      limitRules: {
        address: { maxFailures: 5, refuseAfter: 8, windowMs: 60_000 },
        target: { maxFailures: 2, windowMs: 60_000 },
      },
    });
    const token = await issuerToken(t, factura.emisor);
    await publishSample(t, token, SAMPLES.factura3);
    await publishSample(t, token, SAMPLES.factura4);
  });
  afterAll(() => t.close());

  const consult = (
    payload: Record<string, unknown>,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'POST', url: '/api/document/auth', payload, remoteAddress, headers });

  it('never slows down honest consultations', async () => {
    for (let i = 0; i < 10; i++)
      expect((await consult(proofOf(factura), '10.1.0.1')).statusCode).toBe(200);
  });

  it('asks for a verification once strangers guessed at a document, and the right data still works', async () => {
    const first = await consult({ ...proofOf(SAMPLES.factura4), total: '1.00' }, '10.2.0.1');
    expect(first.statusCode).toBe(404);
    expect(first.json()).toMatchObject({ message: 'documento no encontrado', attemptsLeft: 1 });
    const second = await consult({ ...proofOf(SAMPLES.factura4), total: '2.00' }, '10.2.0.2');
    expect(second.json()).toMatchObject({ message: 'documento no encontrado', attemptsLeft: 0 });
    const unverified = await consult(proofOf(SAMPLES.factura4), '10.2.0.3');
    expect(unverified.statusCode).toBe(429);
    expect(unverified.json<AttemptError>()).toMatchObject({
      challengeRequired: true,
      message: expect.stringMatching(/verificación de seguridad/) as string,
    });
    expect((await consult(proofOf(factura), '10.2.0.3')).statusCode).toBe(200);

    const verified = await consult(proofOf(SAMPLES.factura4), '10.2.0.3', await solvedChallenge(t));
    expect(verified.statusCode).toBe(200);
  });

  it('takes each solved challenge once, and only a real solution', async () => {
    const headers = await solvedChallenge(t);
    const wrong = { ...proofOf(SAMPLES.factura4), total: '3.00' };
    expect((await consult(wrong, '10.4.0.1', headers)).statusCode).toBe(404);
    const replayed = await consult(proofOf(SAMPLES.factura4), '10.4.0.2', headers);
    expect(replayed.statusCode).toBe(429);
    const solution = JSON.parse(
      Buffer.from(Object.values(await solvedChallenge(t))[0]!, 'base64url').toString(),
    ) as { number: number };
    const forged = { ...solution, number: solution.number + 1 };
    const forgedHeader = {
      'x-challenge-solution': Buffer.from(JSON.stringify(forged)).toString('base64url'),
    };
    expect((await consult(proofOf(SAMPLES.factura4), '10.4.0.3', forgedHeader)).statusCode).toBe(
      429,
    );
    expect(
      (await consult(proofOf(SAMPLES.factura4), '10.4.0.3', { 'x-challenge-solution': '%%' }))
        .statusCode,
    ).toBe(429);
  });

  it('slows an address that keeps failing with a longer verification, and refuses only a flood', async () => {
    const wrong = (n: number) => ({ ...proofOf(factura), documento: `F001-${n}` });
    for (let n = 10; n < 15; n++) await consult(wrong(n), '10.3.0.1');
    const slowed = await consult(proofOf(factura), '10.3.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeUndefined();
    expect(slowed.json<AttemptError>()).toMatchObject({
      message: expect.stringMatching(
        /^Hubo muchos intentos fallidos desde su conexión\..*su navegador hace por sí solo/,
      ) as string,
      challengeRequired: true,
      challengeLevel: 'address',
      attemptsLeft: 0,
    });
    // A document's easier verification does not do for an address many failed from.
    expect((await consult(proofOf(factura), '10.3.0.1', await solvedChallenge(t))).statusCode).toBe(
      429,
    );
    // People behind the same connection still get in, each with the longer verification.
    const solved = () => solvedChallenge(t, 'address');
    expect((await consult(proofOf(factura), '10.3.0.1', await solved())).statusCode).toBe(200);
    expect((await consult(proofOf(factura), '10.3.0.2')).statusCode).toBe(200);

    // Only failures that paid for their verification lead to the outright refusal.
    for (let n = 15; n < 18; n++) {
      expect((await consult(wrong(n), '10.3.0.1', await solved())).statusCode).toBe(404);
    }
    const refused = await consult(proofOf(factura), '10.3.0.1', await solved());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json<AttemptError>()).toMatchObject({
      message: expect.stringMatching(/^Demasiados intentos fallidos/) as string,
    });
  });
});
