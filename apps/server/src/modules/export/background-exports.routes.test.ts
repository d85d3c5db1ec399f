import { API_MESSAGES, type BackgroundExport } from '@sufel/contract';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import { BackgroundExportsRepository } from './background-exports.repository.js';
import { BackgroundExportsService } from './background-exports.service.js';

const RECEIVER = '20415932376';
const OTHER_RECEIVER = SAMPLES.creditNoteWithCdr.cliente;
const EXPORTS = '/api/client/exports';
const MONTH = { start: '2024-11-01', end: '2024-11-30' };

describe('a ZIP export built in the background', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let repository: BackgroundExportsRepository;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { EXPORTS_PER_HOUR: '1000' },
      jobWorkerOptions: { pollMs: 50 },
    });
    const gasper = await issuerToken(t, '20606433094', 'GASPER SOFT S.A.C.');
    for (const sample of [SAMPLES.factura3, SAMPLES.factura4, SAMPLES.notaCredito1]) {
      expect((await publishSample(t, gasper, sample)).statusCode).toBe(200);
    }
    token = await storedReceiverToken(t, RECEIVER);
    otherToken = await storedReceiverToken(t, OTHER_RECEIVER);
    repository = new BackgroundExportsRepository(t.database.db);
  });
  afterAll(() => t.close());

  const get = (url: string, bearer = token) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
  const ask = (filter: object, bearer = token) =>
    t.app.inject({
      method: 'POST',
      url: EXPORTS,
      headers: { authorization: `Bearer ${bearer}` },
      payload: filter,
    });

  async function ready(id: number): Promise<BackgroundExport> {
    for (let tries = 0; tries < 200; tries += 1) {
      const listed = get(EXPORTS).then((response) =>
        response.json<{ items: BackgroundExport[] }>().items.find((item) => item.id === id),
      );
      const item = await listed;
      if (item?.estado === 'listo') return item;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`export ${id} never got ready`);
  }

  const names = (zip: JSZip) =>
    Object.keys(zip.files)
      .filter((name) => !name.endsWith('/'))
      .sort();

  it('builds the month’s ZIP, says how far it got, and serves the same files a direct export holds', async () => {
    const asked = await ask(MONTH);
    expect(asked.statusCode, asked.body).toBe(202);
    const started = asked.json<BackgroundExport>();
    expect(started).toMatchObject({
      archivo: `comprobantes-${RECEIVER}-2024-11.zip`,
      estado: 'preparando',
      comprobantes: 3,
      vence: null,
      motivo: null,
    });

    const done = await ready(started.id);
    expect(done).toMatchObject({ hechos: 3, comprobantes: 3 });
    expect(new Date(done.vence!).getTime() - t.clock.now.getTime()).toBe(24 * 3600_000);

    const download = await get(`${EXPORTS}/${started.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="comprobantes-${RECEIVER}-2024-11.zip"`,
    );
    expect(Number(download.headers['content-length'])).toBe(done.tamano);
    const direct = await get(
      `/api/client/documents/export?format=zip&start=${MONTH.start}&end=${MONTH.end}`,
    );
    expect(names(await JSZip.loadAsync(download.rawPayload))).toEqual(
      names(await JSZip.loadAsync(direct.rawPayload)),
    );
  });

  it('is the asker’s alone: another receiver neither lists nor downloads it', async () => {
    const [mine] = (await get(EXPORTS)).json<{ items: BackgroundExport[] }>().items;
    expect((await get(EXPORTS, otherToken)).json()).toEqual({ items: [] });
    const stolen = await get(`${EXPORTS}/${mine!.id}/file`, otherToken);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({
      code: 'backgroundExportNotFound',
      message: API_MESSAGES.backgroundExportNotFound,
    });
  });

  it('prepares one at a time per account, and refuses a filter that holds nothing', async () => {
    const id = await repository.create(t.database.db, {
      receiverRuc: RECEIVER,
      filter: MONTH,
      fileName: 'comprobantes.zip',
      documents: 3,
    });
    const second = await ask(MONTH);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'backgroundExportPreparing',
      message: API_MESSAGES.backgroundExportPreparing,
    });
    const early = await get(`${EXPORTS}/${id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'backgroundExportNotReady',
      message: API_MESSAGES.backgroundExportNotReady,
    });
    await t.database.db
      .updateTable('background_exports')
      .set({ state: 'failed', failure: 'dejada de lado' })
      .where('id', '=', id)
      .execute();
    expect((await get(`${EXPORTS}/${id}/file`)).statusCode).toBe(410);

    const empty = await ask({ start: '2020-01-01', end: '2020-01-31' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'backgroundExportEmpty',
      message: API_MESSAGES.backgroundExportEmpty,
    });
    expect((await ask({ start: 'ayer' })).statusCode).toBe(400);
    expect((await ask(MONTH, 'not-a-token')).statusCode).toBe(401);
  });

  it('keeps the ZIP in parts, starts over after a run that stopped, and deletes it all once expired', async () => {
    const service = new BackgroundExportsService(
      t.database.db,
      repository,
      t.services.exports,
      t.files,
      t.services.jobs,
      () => t.clock.now,
      1024,
    );
    const id = await repository.create(t.database.db, {
      receiverRuc: RECEIVER,
      filter: MONTH,
      fileName: 'partes.zip',
      documents: 3,
    });
    // An instance that is stopping gives the job back without finishing.
    const stopping = new AbortController();
    stopping.abort();
    await expect(service.build(id, stopping.signal)).rejects.toThrow();
    expect((await repository.find(id))!.state).toBe('preparing');
    // A run that wrote its parts and vanished before it could say so.
    await service.build(id, new AbortController().signal);
    const halfway = (await repository.find(id))!;
    await t.database.db
      .updateTable('background_exports')
      .set({ state: 'preparing' })
      .where('id', '=', id)
      .execute();

    await service.build(id, new AbortController().signal);
    const built = (await repository.find(id))!;
    expect(built.state).toBe('ready');
    expect(built.parts.length).toBeGreaterThan(1);
    for (const part of halfway.parts) {
      if (!built.parts.includes(part)) expect(await t.files.has(part)).toBe(false);
    }
    const { body, size } = await service.open(RECEIVER, id);
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
    const whole = Buffer.concat(chunks);
    expect(whole.length).toBe(size);
    expect(names(await JSZip.loadAsync(whole))).toContain('resumen.csv');

    t.clock.now = new Date(t.clock.now.getTime() + 25 * 3600_000);
    // The session would have ended too: the service says it.
    await expect(service.open(RECEIVER, id)).rejects.toMatchObject({
      statusCode: 410,
      code: 'backgroundExportExpired',
      message: 'La exportación venció: se puede descargar durante 24 horas. Pídala de nuevo.',
    });
    // The first test’s export has expired by now too.
    expect(await service.purge()).toBeGreaterThan(built.parts.length);
    expect(await repository.find(id)).toBeUndefined();
    for (const part of built.parts) expect(await t.files.has(part)).toBe(false);
  });
});
