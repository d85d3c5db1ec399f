import type { Reconciliation, SireCredentialsStatus } from '@sufel/contract';
import {
  proposalFile,
  proposalFileName,
  startSireStandIn,
  zipProposal,
  type SireStandIn,
  type SireStandInAccount,
} from '@sufel/sire/testing';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import {
  PLANTED_COUNTS,
  PLANTED_PERIOD,
  plantProposalCase,
} from '../../../test/helpers/planted-proposal.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import { SIRE_DOWNLOAD_ATTEMPTS, sireBackoffMs } from './reconciliation-job.js';

const RECEIVER = '20415932376';
const WITHOUT_CREDENTIALS = '20100070970';
const ACCOUNT: SireStandInAccount = {
  ruc: RECEIVER,
  solUser: 'CONTADOR',
  solPassword: 'Clave-SOL-2024',
  clientId: '7c0a2f3e-5b1d-4e8a-9f62-1d3c5b7a9e01',
  clientSecret: 'S1re-Secreto-De-Aplicacion',
};
const CREDENTIALS = {
  clientId: ACCOUNT.clientId,
  clientSecret: ACCOUNT.clientSecret,
  usuarioSol: 'contador',
  claveSol: ACCOUNT.solPassword,
};

describe('"Descargar de SUNAT": the proposal straight from SIRE', () => {
  let sire: SireStandIn;
  let t: TestApp;
  let token: string;
  let other: string;
  let planted: Awaited<ReturnType<typeof plantProposalCase>>;

  beforeAll(async () => {
    sire = await startSireStandIn([{ ...ACCOUNT }]);
    t = await buildTestApp({
      env: { SIRE_AUTH_URL: sire.authUrl, SIRE_API_URL: sire.apiUrl },
      jobWorkerOptions: { pollMs: 50 },
      sireClientOptions: {
        retryDelayMs: 5,
        attempts: 2,
        pollDelayMs: 10,
        maxPollDelayMs: 20,
        requestTimeoutMs: 2_000,
      },
    });
    t.clock.now = new Date('2025-01-15T15:00:00Z');
    token = await storedReceiverToken(t, RECEIVER);
    other = await storedReceiverToken(t, WITHOUT_CREDENTIALS);
    planted = await plantProposalCase(t.database.db, RECEIVER, 1000);
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await sire.close();
  });

  const call = async <T>(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    bearer = token,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${bearer}` },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    return { status: response.statusCode, body: response.json<T>(), text: response.body };
  };
  const reconciliation = async (id: number) =>
    (await call<Reconciliation>('GET', `/api/client/reconciliations/${id}`)).body;
  /** Follows a reconciliation until it leaves `procesando`, keeping every stage it showed. */
  const follow = async (id: number, stages: string[] = []) => {
    let last: Reconciliation | undefined;
    await expect
      .poll(
        async () => {
          last = await reconciliation(id);
          if (last.etapa !== null && stages.at(-1) !== last.etapa) stages.push(last.etapa);
          return last.estado;
        },
        { timeout: 20_000, interval: 20 },
      )
      .not.toBe('procesando');
    return last!;
  };
  const download = (periodo: string, bearer = token) =>
    call<Reconciliation & { message?: string; code?: string }>(
      'POST',
      '/api/client/reconciliations/sire',
      { periodo },
      bearer,
    );
  const plantedZip = () => {
    const name = proposalFileName(RECEIVER, new Date('2025-01-12T18:05:00Z'), 'csv');
    return zipProposal(name, proposalFile(planted.rows, { format: 'csv', bom: true }));
  };

  it('refuses credentials SUNAT refuses, and keeps nothing', async () => {
    const refused = await call<{ code: string; message: string }>(
      'PUT',
      '/api/client/sire-credentials',
      { ...CREDENTIALS, claveSol: 'otra-clave' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`usuario o la clave SOL del RUC ${RECEIVER}`);
    const status = await call<SireCredentialsStatus>('GET', '/api/client/sire-credentials');
    expect(status.body).toMatchObject({ configured: false, state: null });
    expect(await t.database.db.selectFrom('secrets').selectAll().execute()).toEqual([]);
  });

  it('refuses to download without credentials, or a period still to come', async () => {
    const missing = await download(PLANTED_PERIOD, other);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Guarde primero sus credenciales SIRE/);
    const malformed = await download('2024-12');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('AAAAMM');
  });

  it('keeps accepted credentials sealed and never answers their secrets', async () => {
    // An account opened by document proof alone: SIRE accepting its credentials verifies it.
    await t.database.db
      .updateTable('clients')
      .set({ verified_by: null, verified_at: null })
      .where('documento', '=', RECEIVER)
      .execute();
    const saved = await call<SireCredentialsStatus>(
      'PUT',
      '/api/client/sire-credentials',
      CREDENTIALS,
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      usuarioSol: 'CONTADOR',
      state: 'accepted',
      clientId: `${'•'.repeat(ACCOUNT.clientId.length - 4)}9e01`,
    });
    const status = await call<SireCredentialsStatus>('GET', '/api/client/sire-credentials');
    expect(status.body).toEqual(saved.body);
    for (const text of [saved.text, status.text]) {
      expect(text).not.toContain(ACCOUNT.clientSecret);
      expect(text).not.toContain(ACCOUNT.solPassword);
      expect(text).not.toContain(ACCOUNT.clientId);
    }
    const account = await t.database.db
      .selectFrom('clients')
      .select(['verified_by', 'verified_at'])
      .where('documento', '=', RECEIVER)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ verified_by: 'sire', verified_at: t.clock.now });
    const [sealed] = await t.database.db.selectFrom('secrets').selectAll().execute();
    expect(sealed!.name).toBe(`sire:${RECEIVER}`);
    expect(sealed!.sealed).not.toContain(ACCOUNT.clientSecret);
    expect(sealed!.sealed).not.toContain(ACCOUNT.solPassword);
    const token = sire.requests.find((request) => request.form !== null)!;
    expect(token.form).toMatchObject({
      grant_type: 'password',
      username: `${RECEIVER}CONTADOR`,
      scope: 'https://api-sire.sunat.gob.pe',
    });

    const future = await download('202502');
    expect(future.status).toBe(400);
    expect(future.body.message).toContain('todavía no ha llegado');
  });

  it('downloads the period’s proposal through its ticket and reconciles it, with its progress', async () => {
    sire.exports.set(PLANTED_PERIOD, { kind: 'report', zip: plantedZip(), pollsInProcess: 3 });
    sire.requests.length = 0;
    const started = await download(PLANTED_PERIOD);
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ estado: 'procesando', origen: 'sire', archivo: null });
    const stages: string[] = [];
    const done = await follow(started.body.id, stages);
    expect(done).toMatchObject({
      estado: 'listo',
      origen: 'sire',
      periodo: PLANTED_PERIOD,
      filasConError: 1,
      resumen: PLANTED_COUNTS,
    });
    expect(done.archivo).toMatch(/^20415932376-202412-.*-propuesta\.zip$/);
    expect(stages.length).toBeGreaterThan(0);
    const paths = sire.requests.map((request) => request.path.replace(/.*\//, ''));
    expect(paths[0]).toBe('');
    expect(paths.filter((path) => path === 'consultaestadotickets')).toHaveLength(4);
    expect(paths.at(-1)).toBe('archivoreporte');

    // Asking again for the period is the same reconciliation, downloaded again.
    const again = await download(PLANTED_PERIOD);
    expect(again.body.id).toBe(started.body.id);
    expect(await follow(again.body.id)).toMatchObject({ estado: 'listo', resumen: PLANTED_COUNTS });
    const list = (await call<Reconciliation[]>('GET', '/api/client/reconciliations')).body;
    expect(list.filter((item) => item.origen === 'sire')).toHaveLength(1);
  });

  it('says in Spanish when SUNAT has no documents for the period (1070, 1518)', async () => {
    for (const [period, code] of [
      ['202410', '1070'],
      ['202409', '1518'],
    ] as const) {
      sire.exports.set(period, { kind: 'no-documents', code });
      const started = await download(period);
      const failed = await follow(started.body.id);
      expect(failed).toMatchObject({
        estado: 'fallido',
        mensaje: `SUNAT no tiene comprobantes en la propuesta del RCE de ${period.slice(4)}/${period.slice(0, 4)}.`,
      });
    }
  });

  it('waits for SIRE while it is down, and then gets the proposal', async () => {
    sire.exports.set('202411', {
      kind: 'report',
      zip: zipProposal(
        'propuesta.csv',
        proposalFile(
          planted.rows
            .filter((row) => 'receiverRuc' in row)
            .map((row) => ({ ...row, period: '202411' })),
          { format: 'csv' },
        ),
      ),
    });
    sire.outage = 503;
    const started = await download('202411');
    await expect
      .poll(async () => (await reconciliation(started.body.id)).etapa, { timeout: 10_000 })
      .toMatch(/SUNAT|SIRE/);
    await expect
      .poll(async () => (await reconciliation(started.body.id)).etapa, { timeout: 10_000 })
      .toMatch(/Se volverá a intentar en 1 minuto\.$/);
    expect((await reconciliation(started.body.id)).estado).toBe('procesando');
    sire.outage = null;
    t.clock.now = new Date(t.clock.now.getTime() + sireBackoffMs(1) + 1000);
    const done = await follow(started.body.id);
    expect(done).toMatchObject({ estado: 'listo', periodo: '202411' });
    expect(done.resumen.sin_xml).toBeGreaterThan(0);
  });

  it('gives up after SIRE stays down, saying so', async () => {
    sire.outage = 503;
    const started = await download('202408');
    for (let failures = 1; failures < SIRE_DOWNLOAD_ATTEMPTS; failures++) {
      await expect
        .poll(async () => (await reconciliation(started.body.id)).etapa, { timeout: 10_000 })
        .toMatch(/Se volverá a intentar/);
      await t.database.db
        .updateTable('reconciliations')
        .set({ etapa: null })
        .where('id', '=', started.body.id)
        .execute();
      t.clock.now = new Date(t.clock.now.getTime() + sireBackoffMs(failures) + 1000);
    }
    const failed = await follow(started.body.id);
    sire.outage = null;
    expect(failed.estado).toBe('fallido');
    expect(failed.mensaje).toMatch(/SIRE|SUNAT/);
  });

  it('stops when SUNAT refuses the credentials, and says they must be entered again', async () => {
    sire.accounts[0]!.solPassword = 'clave-cambiada';
    const started = await download('202407');
    const failed = await follow(started.body.id);
    expect(failed.estado).toBe('fallido');
    expect(failed.mensaje).toContain('usuario o la clave SOL');
    const status = await call<SireCredentialsStatus>('GET', '/api/client/sire-credentials');
    expect(status.body.state).toBe('refused');
    const refused = await download('202407');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('rechazó estas credenciales SIRE');
    sire.accounts[0]!.solPassword = ACCOUNT.solPassword;
  });

  it('forgets the credentials', async () => {
    const removed = await call<{ message: string }>('DELETE', '/api/client/sire-credentials');
    expect(removed.body.message).toBe('Credenciales SIRE eliminadas.');
    const status = await call<SireCredentialsStatus>('GET', '/api/client/sire-credentials');
    expect(status.body.configured).toBe(false);
    expect(
      await t.database.db
        .selectFrom('secrets')
        .selectAll()
        .where('name', 'like', 'sire:%')
        .execute(),
    ).toEqual([]);
  });
});
