import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSireStandIn, type SireStandIn } from './sire-stand-in.js';

const account = {
  ruc: '20529929821',
  solUser: 'CONTAB01',
  solPassword: 'clave-sol-1',
  clientId: 'cliente-1',
  clientSecret: 'secreto-1',
};
const LIBROS = '/v1/contribuyente/migeigv/libros';

let sire: SireStandIn;
let bearer: string;

/** A token request with the account's fields, some replaced. */
function requestToken(fields: Record<string, string> = {}): Promise<Response> {
  return fetch(`${sire.authUrl}/v1/clientessol/cliente-1/oauth2/token/`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      scope: 'https://api-sire.sunat.gob.pe',
      client_id: 'cliente-1',
      client_secret: 'secreto-1',
      username: '20529929821CONTAB01',
      password: 'clave-sol-1',
      ...fields,
    }),
  });
}

beforeAll(async () => {
  sire = await startSireStandIn([account]);
  const { access_token } = (await (await requestToken()).json()) as { access_token: string };
  bearer = `Bearer ${access_token}`;
});

afterAll(async () => {
  await sire.close();
});

async function get(path: string, authorization = bearer) {
  const response = await fetch(`${sire.apiUrl}${path}`, { headers: { authorization } });
  const text = await response.text();
  return { status: response.status, text };
}

describe('the SIRE stand-in', () => {
  it("answers SUNAT's validation codes for missing or wrong parameters", async () => {
    const exportOf = (period: string, query: string) =>
      get(
        `${LIBROS}/rce/propuesta/web/propuesta/${period}/exportacioncomprobantepropuesta?${query}`,
      );
    const cases: [Promise<{ status: number; text: string }>, string][] = [
      [exportOf('202513', 'codTipoArchivo=1&codOrigenEnvio=2'), '1006'],
      [exportOf('202512', 'codOrigenEnvio=2'), '1061'],
      [exportOf('202512', 'codTipoArchivo=7&codOrigenEnvio=2'), '1059'],
      [exportOf('202512', 'codTipoArchivo=1'), '1028'],
      [
        get(
          `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?perFin=202512&page=1&perPage=20`,
        ),
        '1067',
      ],
      [
        get(
          `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?codTipoArchivoReporte=01`,
        ),
        '1134',
      ],
      [
        get(
          `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?nomArchivoReporte=a.zip`,
        ),
        '2278',
      ],
    ];
    for (const [answer, code] of cases) {
      const { status, text } = await answer;
      expect(status, code).toBe(422);
      expect((JSON.parse(text) as { errors: { cod: string }[] }).errors[0]!.cod).toBe(code);
    }
  });

  it('answers 401 without a token it issued, as the gateway in front of SIRE does', async () => {
    const { status, text } = await get(
      `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?perIni=202512&perFin=202512&page=1&perPage=20`,
      'Bearer inventado',
    );
    expect(status).toBe(401);
    expect(text).toContain('401 Authorization Required');
  });

  it('refuses another grant or scope with OAuth 2.0 errors', async () => {
    const token = async (fields: Record<string, string>) => {
      const response = await requestToken(fields);
      return [response.status, ((await response.json()) as { error: string }).error];
    };
    expect(await token({ grant_type: 'client_credentials' })).toEqual([
      400,
      'unsupported_grant_type',
    ]);
    expect(await token({ scope: 'https://api.sunat.gob.pe' })).toEqual([400, 'invalid_scope']);
    expect(await token({ username: '20100000001CONTAB01' })).toEqual([400, 'invalid_grant']);
  });

  it('lists only the tickets of the period asked, page by page', async () => {
    sire.exports.set('202511', { kind: 'never-done' });
    for (let i = 0; i < 3; i++) {
      await get(
        `${LIBROS}/rce/propuesta/web/propuesta/202511/exportacioncomprobantepropuesta?codTipoArchivo=1&codOrigenEnvio=2`,
      );
    }
    const page = async (query: string) =>
      JSON.parse(
        (
          await get(
            `${LIBROS}/rvierce/gestionprocesosmasivos/web/masivo/consultaestadotickets?${query}`,
          )
        ).text,
      ) as { paginacion: { totalRegistros: number }; registros: { numTicket: string }[] };
    const second = await page('perIni=202511&perFin=202511&page=2&perPage=2');
    expect(second.paginacion.totalRegistros).toBe(3);
    expect(second.registros.map((ticket) => ticket.numTicket)).toEqual(['20250300000003']);
    expect((await page('perIni=202512&perFin=202512&page=1&perPage=2')).registros).toEqual([]);
  });
});
