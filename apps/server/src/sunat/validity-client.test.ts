import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSunatStandIn, type SunatStandIn } from '../../test/helpers/sunat-stand-in.js';
import {
  SunatError,
  ValidityClient,
  type SunatErrorCode,
  type ValidityQuery,
} from './validity-client.js';

const CREDENTIALS = { clientId: 'a1b2c3d4-cliente', clientSecret: 'secreto-de-prueba' };
const RECEIVER = '20415932376';
const invoice: ValidityQuery = {
  issuerRuc: '20606433094',
  type: '01',
  series: 'F001',
  number: 3,
  issueDate: '2024-11-05',
  total: '118.00',
};

let sunat: SunatStandIn;
let client: ValidityClient;
let token: string;

beforeAll(async () => {
  sunat = await startSunatStandIn({ [CREDENTIALS.clientId]: CREDENTIALS.clientSecret });
  client = new ValidityClient({ authUrl: sunat.authUrl, apiUrl: sunat.apiUrl, timeoutMs: 500 });
});
beforeEach(async () => {
  sunat.queryFaults.length = 0;
  sunat.tokenFaults.length = 0;
  sunat.requests.length = 0;
  sunat.outage = null;
  token = (await client.requestToken(CREDENTIALS)).accessToken;
});
afterAll(async () => {
  await sunat.close();
});

async function codeOf(
  promise: Promise<unknown>,
): Promise<{ code: SunatErrorCode; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SunatError);
  const { code, message } = error as SunatError;
  return { code, message };
}

describe('SUNAT token', () => {
  it('asks with client credentials and the consultation scope, and keeps a margin before expires_in', async () => {
    sunat.tokenLifetimeSeconds = 3600;
    const now = new Date('2026-11-25T10:00:00Z');
    const timed = new ValidityClient({ ...sunat, timeoutMs: 500, now: () => now });
    const issued = await timed.requestToken(CREDENTIALS);
    const request = sunat.requests.at(-1)!;
    expect(request.path).toBe(`/v1/clientesextranet/${CREDENTIALS.clientId}/oauth2/token/`);
    expect(request.body).toEqual({
      grant_type: 'client_credentials',
      scope: 'https://api.sunat.gob.pe/v1/contribuyente/contribuyentes',
      client_id: CREDENTIALS.clientId,
      client_secret: CREDENTIALS.clientSecret,
    });
    expect(issued.usableUntil.getTime()).toBe(now.getTime() + 3540_000);
  });

  it('says in Spanish that SUNAT refused wrong credentials', async () => {
    const refused = await codeOf(
      client.requestToken({ clientId: CREDENTIALS.clientId, clientSecret: 'otro' }),
    );
    expect(refused.code).toBe('bad_credentials');
    expect(refused.message).toMatch(/SUNAT no aceptó el client id y el client secret/);
    expect(refused.message).toMatch(/cliente no autorizado/);
    expect(refused.message).not.toContain('otro');
    expect((await codeOf(client.requestToken({ clientId: 'nadie', clientSecret: 'x' }))).code).toBe(
      'bad_credentials',
    );
  });

  it('tells an outage, a quota and a broken answer of the token service apart from refusal', async () => {
    sunat.tokenFaults.push(
      { status: 503 },
      { status: 429, retryAfterSeconds: 7 },
      { body: '<html>Mantenimiento</html>' },
      { body: '{"token_type":"JWT"}' },
    );
    expect((await codeOf(client.requestToken(CREDENTIALS))).code).toBe('unavailable');
    const quota = await client.requestToken(CREDENTIALS).catch((error: SunatError) => error);
    expect(quota).toMatchObject({ code: 'rate_limited', retryAfterMs: 7000 });
    expect((await codeOf(client.requestToken(CREDENTIALS))).code).toBe('unexpected_answer');
    expect((await codeOf(client.requestToken(CREDENTIALS))).code).toBe('unexpected_answer');
  });
});

describe('validarcomprobante', () => {
  it('sends the consulting RUC in the path, the issuer in the body, the date as dd/mm/yyyy and the total', async () => {
    await client.check(token, RECEIVER, invoice);
    const request = sunat.requests.at(-1)!;
    expect(request.path).toBe(`/v1/contribuyente/contribuyentes/${RECEIVER}/validarcomprobante`);
    expect(request.authorization).toBe(`Bearer ${token}`);
    expect(request.body).toEqual({
      numRuc: '20606433094',
      codComp: '01',
      numeroSerie: 'F001',
      numero: '3',
      fechaEmision: '05/11/2024',
      monto: '118.00',
    });
  });

  it.each(['1', '2', '3', '4'] as const)(
    'reads estadoCp %s with the issuer’s state',
    async (estadoCp) => {
      sunat.addDocument({
        ...invoice,
        number: 100 + Number(estadoCp),
        estadoCp,
        estadoRuc: '00',
        condDomiRuc: '00',
      });
      expect(
        await client.check(token, RECEIVER, { ...invoice, number: 100 + Number(estadoCp) }),
      ).toEqual({
        estadoCp,
        estadoRuc: '00',
        condDomiRuc: '00',
        observaciones: [],
      });
    },
  );

  it('reads a document SUNAT never heard of as estadoCp 0, without the issuer’s state', async () => {
    expect(await client.check(token, RECEIVER, { ...invoice, number: 999 })).toEqual({
      estadoCp: '0',
      estadoRuc: null,
      condDomiRuc: null,
      observaciones: [],
    });
  });

  it.each([
    ['01', '00'],
    ['10', '12'],
    ['22', '20'],
    ['00', '09'],
  ])(
    'reads the issuer’s RUC state %s and domicile condition %s',
    async (estadoRuc, condDomiRuc) => {
      const number = 200 + Number(estadoRuc) * 100 + Number(condDomiRuc);
      sunat.addDocument({ ...invoice, number, estadoCp: '1', estadoRuc, condDomiRuc });
      expect(await client.check(token, RECEIVER, { ...invoice, number })).toMatchObject({
        estadoRuc,
        condDomiRuc,
      });
    },
  );

  it('keeps SUNAT’s observations, such as a document issued to another taxpayer', async () => {
    const observation = '- El comprobante de pago consultado ha sido emitido a otro contribuyente.';
    sunat.addDocument({
      ...invoice,
      number: 50,
      estadoCp: '1',
      estadoRuc: '00',
      condDomiRuc: '00',
      observaciones: [observation],
    });
    expect((await client.check(token, RECEIVER, { ...invoice, number: 50 })).observaciones).toEqual(
      [observation],
    );
  });

  it('says the token was refused once it expired, and works with a new one', async () => {
    sunat.addDocument({ ...invoice, estadoCp: '1', estadoRuc: '00', condDomiRuc: '00' });
    sunat.expireTokens();
    expect((await codeOf(client.check(token, RECEIVER, invoice))).code).toBe('token_refused');
    const fresh = await client.requestToken(CREDENTIALS);
    expect((await client.check(fresh.accessToken, RECEIVER, invoice)).estadoCp).toBe('1');
  });

  it('tells 429 (with Retry-After), 500 and a slow answer apart', async () => {
    sunat.queryFaults.push(
      { status: 429, retryAfterSeconds: 3 },
      { status: 500 },
      { delayMs: 1_500 },
    );
    const quota = await client.check(token, RECEIVER, invoice).catch((error: SunatError) => error);
    expect(quota).toMatchObject({ code: 'rate_limited', retryAfterMs: 3000 });
    expect(await codeOf(client.check(token, RECEIVER, invoice))).toMatchObject({
      code: 'unavailable',
      message: 'SUNAT no está disponible (HTTP 500).',
    });
    expect(await codeOf(client.check(token, RECEIVER, invoice))).toMatchObject({
      code: 'unavailable',
      message: 'SUNAT no respondió en 0.5 s.',
    });
  });

  it('refuses malformed answers instead of guessing', async () => {
    sunat.queryFaults.push(
      { body: '<html><body>Error</body></html>' },
      { body: '{"success":true,"data":{"estadoRuc":"00"}}' },
      { body: '{"success":true,"data":{"estadoCp":"7"}}' },
      { body: '{"success":true,"data":{"estadoCp":"1","observaciones":"texto"}}' },
    );
    for (let i = 0; i < 4; i++) {
      expect((await codeOf(client.check(token, RECEIVER, invoice))).code).toBe('unexpected_answer');
    }
  });

  it('reports success: false with SUNAT’s message and code', async () => {
    sunat.queryFaults.push({
      success: false,
      message: 'El comprobante no es válido',
      errorCode: '0102',
    });
    expect(await codeOf(client.check(token, RECEIVER, invoice))).toMatchObject({
      code: 'rejected',
      message: 'SUNAT no respondió la consulta: «El comprobante no es válido» (código 0102).',
    });
    expect(
      (await codeOf(client.check(token, RECEIVER, { ...invoice, issuerRuc: '123' }))).code,
    ).toBe('rejected');
  });

  it('stops at once, with the caller’s reason, when the caller aborts', async () => {
    sunat.queryFaults.push({ delayMs: 400 });
    const controller = new AbortController();
    const pending = client.check(token, RECEIVER, invoice, controller.signal);
    controller.abort(new Error('deteniendo'));
    await expect(pending).rejects.toThrow('deteniendo');
  });
});
