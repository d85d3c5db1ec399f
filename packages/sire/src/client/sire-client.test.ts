import { unzipSync } from 'fflate';
import { createServer } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readProposal } from '../proposal/read-proposal.js';
import type { ProposalRow } from '../proposal/types.js';
import {
  proposalFile,
  proposalFileName,
  zipProposal,
  type ProposalRowInput,
} from '../testing/proposal-file.js';
import { startSireStandIn, type SireStandIn } from '../testing/sire-stand-in.js';
import { SireClient, type SireClientOptions, type SireProgress } from './sire-client.js';
import { SireError, type SireErrorCode } from './sire-error.js';

const credentials = {
  ruc: '20529929821',
  solUser: 'CONTAB01',
  solPassword: 'clave-sol-1',
  clientId: '5d6f0c1e-4a2b-4c8d-9e7f-0a1b2c3d4e5f',
  clientSecret: 'secreto-de-la-aplicacion',
};

const row: ProposalRowInput = {
  receiverRuc: credentials.ruc,
  period: '202512',
  supplierRuc: '20526422300',
  supplierName: 'SERVICIOS & CIA S.A.C.',
  series: 'F001',
  number: 100286,
  issueDate: '2025-12-15',
  baseDg: '535.97',
  igvDg: '96.47',
  total: '632.44',
};

const innerName = proposalFileName(credentials.ruc, new Date('2026-01-12T18:05:00Z'), 'csv');
const zip = zipProposal(innerName, proposalFile([row], { format: 'csv' }));

let sire: SireStandIn;

beforeEach(async () => {
  sire = await startSireStandIn([{ ...credentials }]);
});

afterEach(async () => {
  await sire.close();
});

function client(options: Partial<SireClientOptions> = {}): SireClient {
  return new SireClient({
    authUrl: sire.authUrl,
    apiUrl: sire.apiUrl,
    retryDelayMs: 1,
    pollDelayMs: 1,
    maxPollDelayMs: 4,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<SireError> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof SireError)) throw new Error(`not a SireError: ${String(error)}`);
  return error;
}

async function rowsIn(archive: Uint8Array): Promise<ProposalRow[]> {
  const files = unzipSync(archive);
  const rows: ProposalRow[] = [];
  for await (const entry of readProposal([files[innerName]!])) {
    if (entry.kind === 'row') rows.push(entry.row);
  }
  return rows;
}

describe("SIRE's client", () => {
  it('gets the proposal: token, export, a ticket in process then done, the ZIP', async () => {
    sire.exports.set('202512', { kind: 'report', zip, pollsInProcess: 2 });
    const progress: SireProgress[] = [];
    const proposal = await client().downloadProposal(credentials, '202512', {
      onProgress: (step) => progress.push(step),
      onToken: () => {
        progress.push({ step: 'token-issued' } as unknown as SireProgress);
        return Promise.resolve();
      },
    });

    expect(proposal.ticket).toBe('20250300000001');
    expect(proposal.fileName).toBe('20529929821-202512-20250300000001-propuesta.zip');
    expect(proposal.zip).toEqual(zip);
    expect((await rowsIn(proposal.zip)).map((read) => read.car)).toEqual([
      '2052642230001F0010000100286',
    ]);
    expect(progress.map((step) => step.step)).toEqual([
      'token',
      'token-issued',
      'export',
      'waiting',
      'waiting',
      'download',
      'download',
    ]);
    expect(progress[3]).toEqual({
      step: 'waiting',
      ticket: '20250300000001',
      polls: 1,
      state: 'En proceso',
    });
    expect(progress.at(-1)).toMatchObject({ step: 'download', bytes: zip.length });

    const [tokenRequest, exportRequest, ...rest] = sire.requests;
    expect(tokenRequest).toEqual({
      method: 'POST',
      path: `/v1/clientessol/${credentials.clientId}/oauth2/token/`,
      query: {},
      authorization: null,
      form: {
        grant_type: 'password',
        scope: 'https://api-sire.sunat.gob.pe',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        username: '20529929821CONTAB01',
        password: 'clave-sol-1',
      },
    });
    expect(exportRequest).toMatchObject({
      method: 'GET',
      path: '/v1/contribuyente/migeigv/libros/rce/propuesta/web/propuesta/202512/exportacioncomprobantepropuesta',
      query: { codTipoArchivo: '1', codOrigenEnvio: '2' },
      authorization: expect.stringMatching(/^Bearer .+/) as unknown,
    });
    expect(rest.map((request) => request.path.split('/').at(-1))).toEqual([
      'consultaestadotickets',
      'consultaestadotickets',
      'consultaestadotickets',
      'archivoreporte',
    ]);
    expect(rest[0]!.query).toEqual({
      perIni: '202512',
      perFin: '202512',
      page: '1',
      perPage: '20',
      numTicket: '20250300000001',
    });
    expect(rest[3]!.query).toEqual({
      nomArchivoReporte: '20529929821-202512-20250300000001-propuesta.zip',
      codTipoArchivoReporte: '01',
      perTributario: '202512',
      numTicket: '20250300000001',
      codLibro: '080000',
      codProceso: '10',
    });
  });

  it('asks for the TXT export when told, and sends a missing report type as null', async () => {
    sire.exports.set('202511', { kind: 'report', zip, reportType: null });
    await client().downloadProposal(credentials, '202511', { format: 'txt' });
    expect(sire.requests[1]!.query.codTipoArchivo).toBe('0');
    expect(sire.requests.at(-1)!.query.codTipoArchivoReporte).toBe('null');
  });

  it.each(['1070', '1518'] as const)(
    "reads SUNAT's %s as a period without documents",
    async (code) => {
      sire.exports.set('202510', { kind: 'no-documents', code });
      const error = await failure(client().downloadProposal(credentials, '202510'));
      expect(error.code).toBe('no_documents');
      expect(error.message).toBe('SUNAT no tiene comprobantes en la propuesta del RCE de 10/2025.');
    },
  );

  it('says when the SOL user or password is wrong', async () => {
    const error = await failure(
      client().downloadProposal({ ...credentials, solPassword: 'otra' }, '202512'),
    );
    expect(error.code).toBe('bad_credentials');
    expect(error.message).toBe(
      'SUNAT rechazó el usuario o la clave SOL del RUC 20529929821, o la aplicación registrada en SOL.',
    );
  });

  it("says when the application's client id or secret is wrong", async () => {
    for (const wrong of [{ clientSecret: 'otro' }, { clientId: 'desconocido' }]) {
      const error = await failure(client().requestToken({ ...credentials, ...wrong }));
      expect(error.code).toBe('bad_credentials');
      expect(error.message).toContain('client id o el client secret');
    }
  });

  it('says when SIRE refuses the token', async () => {
    const { accessToken } = await client().requestToken(credentials);
    sire.expireTokens();
    const error = await failure(client().requestProposalExport(accessToken, '202512', 'csv'));
    expect(error.code).toBe('not_authorized');
  });

  it('passes on the validation errors SUNAT gives', async () => {
    const { accessToken } = await client().requestToken(credentials);
    const error = await failure(client().requestProposalExport(accessToken, '202512', 'csv'));
    expect(error.code).toBe('no_documents');
    const response = await fetch(
      `${sire.apiUrl}/v1/contribuyente/migeigv/libros/rvierce/gestionprocesosmasivos/web/masivo/archivoreporte?nomArchivoReporte=x.zip&codTipoArchivoReporte=01`,
      { headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(response.status).toBe(422);
    const report = await failure(
      client().downloadReport(accessToken, {
        period: '202512',
        ticket: '20250300000009',
        file: { name: 'ajeno.zip', type: '01' },
        processCode: null,
      }),
    );
    expect(report.code).toBe('rejected');
    expect(report.message).toBe(
      'SUNAT rechazó el pedido de la propuesta de 12/2025 (HTTP 422: No se encontró el archivo solicitado).',
    );
  });

  it('retries while SIRE answers 503, and goes on when it is back', async () => {
    sire.exports.set('202512', { kind: 'report', zip });
    sire.failNext = 2;
    const proposal = await client().downloadProposal(credentials, '202512');
    expect(proposal.zip).toEqual(zip);
    expect(sire.requests.filter((request) => request.form !== null)).toHaveLength(3);
  });

  it('says SIRE is down after its attempts', async () => {
    sire.outage = 503;
    const error = await failure(client({ attempts: 4 }).downloadProposal(credentials, '202512'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toBe(
      'SIRE no responde (HTTP 503, 4 intentos). Intente de nuevo en unos minutos.',
    );
    expect(sire.requests).toHaveLength(4);
  });

  it('says SIRE is down when nothing listens', async () => {
    const { authUrl, apiUrl } = sire;
    await sire.close();
    const error = await failure(
      new SireClient({ authUrl, apiUrl, retryDelayMs: 1 }).requestToken(credentials),
    );
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('no se pudo conectar');
    sire = await startSireStandIn();
  });

  it('gives up on a request that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address() as { port: number };
    const url = `http://127.0.0.1:${address.port}`;
    const error = await failure(
      new SireClient({
        authUrl: url,
        apiUrl: url,
        requestTimeoutMs: 50,
        attempts: 2,
        retryDelayMs: 1,
      }).requestToken(credentials),
    );
    silent.closeAllConnections();
    silent.close();
    expect(error.message).toBe(
      'SIRE no responde (sin respuesta en 0.05 s, 2 intentos). Intente de nuevo en unos minutos.',
    );
  });

  it('reports a ticket that ends in error', async () => {
    sire.exports.set('202512', { kind: 'ticket-error', pollsInProcess: 1 });
    const error = await failure(client().downloadProposal(credentials, '202512'));
    expect(error.code).toBe('ticket_failed');
    expect(error.message).toBe(
      'SUNAT no pudo preparar la propuesta de 12/2025 (ticket 20250300000001: Terminado con errores).',
    );
  });

  it('stops waiting for a ticket that never ends', async () => {
    sire.exports.set('202512', { kind: 'never-done' });
    const error = await failure(
      client({ ticketTimeoutMs: 30 }).downloadProposal(credentials, '202512'),
    );
    expect(error.code).toBe('ticket_timeout');
    const polls = sire.requests.filter((request) => request.path.endsWith('consultaestadotickets'));
    expect(polls.length).toBeGreaterThan(2);
  });

  it('refuses a report over its size limit', async () => {
    sire.exports.set('202512', { kind: 'report', zip });
    const error = await failure(
      client({ maxReportBytes: 64 }).downloadProposal(credentials, '202512'),
    );
    expect(error.code satisfies SireErrorCode).toBe('report_too_large');
    expect(error.message).toBe('La respuesta de SUNAT supera 64 bytes.');
  });

  it('refuses a report that is not a ZIP', async () => {
    sire.exports.set('202512', { kind: 'report', zip: new TextEncoder().encode('RUC,Periodo\n') });
    const error = await failure(client().downloadProposal(credentials, '202512'));
    expect(error.code).toBe('unexpected_answer');
  });

  it('stops at once when the caller aborts', async () => {
    sire.exports.set('202512', { kind: 'never-done' });
    const controller = new AbortController();
    const run = client({ pollDelayMs: 60_000 }).downloadProposal(credentials, '202512', {
      signal: controller.signal,
      onProgress: (step) => {
        if (step.step === 'waiting') controller.abort(new Error('cancelado'));
      },
    });
    await expect(run).rejects.toThrow('cancelado');
  });
});
