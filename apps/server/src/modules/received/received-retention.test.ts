import type { DocumentPage, Payables, ReceivedUpload } from '@sufel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { multipartFile } from '../../../test/helpers/multipart.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';
import { ReconciliationRepository } from '../reconciliation/reconciliation.repository.js';
import { yearsBefore } from './received-retention.js';

const RECEIVER = SAMPLES.factura3.cliente;
const BUYER = SAMPLES.retentionInvoice.cliente;
const DAY = 24 * 3600_000;

let t: TestApp;
let token: string;
let buyer: string;
const logLines: string[] = [];

async function upload(name: keyof typeof SAMPLES, bearer = token) {
  const body = multipartFile(await fixture(SAMPLES[name].file), SAMPLES[name].file, 'files');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/client/received',
    headers: { ...body.headers, authorization: `Bearer ${bearer}` },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReceivedUpload>().items[0]!;
}

function remove(id: number, bearer = token) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/client/received/${id}`,
    headers: { authorization: `Bearer ${bearer}` },
  });
}

function get(url: string, bearer = token) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });
}

async function listedIds(bearer = token): Promise<number[]> {
  const response = await get('/api/client/documents?limit=500', bearer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DocumentPage>().items.map((document) => document.id);
}

async function row(id: number) {
  return t.database.db
    .selectFrom('documents')
    .select(['id', 'quitado_at', 'quitado_por', 'xml_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logLines });
  token = await storedReceiverToken(t, RECEIVER);
  buyer = await storedReceiverToken(t, BUYER);
});

afterAll(async () => {
  await t?.close();
});

describe('removing a received copy', () => {
  it('is for the owner of a copy it added, never for a published document or someone else’s', async () => {
    const added = await upload('factura4');
    expect(added.estado).toBe('agregado');
    const id = added.id!;

    const foreign = await remove(id, buyer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'El comprobante no existe en su archivo.' });
    expect((await remove(2_000_000)).statusCode).toBe(404);
    expect((await remove(0)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/client/received/${id}` });
    expect(anonymous.statusCode).toBe(401);

    const issuer = await issuerToken(t, SAMPLES.factura3.emisor);
    expect((await publishSample(t, issuer, SAMPLES.factura3)).statusCode).toBe(200);
    const published = (
      await get('/api/client/documents?limit=500').then((response) => response.json<DocumentPage>())
    ).items.find((document) => document.origen === 'emisor')!;
    const refused = await remove(published.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/lo publicó su emisor/);

    const before = new Date(t.clock.now);
    const removed = await remove(id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: 'Comprobante quitado de su archivo.' });
    expect(await row(id)).toMatchObject({ quitado_at: before, quitado_por: RECEIVER });
    // Removed once: it is no longer there to remove.
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('hides the copy from the list, detail, files, counts, exports, money views and reconciliation', async () => {
    const added = await upload('retentionInvoice', buyer);
    expect(added.estado).toBe('agregado');
    const id = added.id!;
    const range = 'start=2025-01-01&end=2025-12-31';
    const payables = async () =>
      (await get(`/api/client/payables?${range}`, buyer))
        .json<Payables>()
        .items.map((item) => item.documentId);
    const exportCount = async () =>
      (await get(`/api/client/documents/export/count?${range}`, buyer)).json<{ count: number }>()
        .count;
    const heldByCar = async () => {
      const car = await t.database.db
        .selectFrom('documents')
        .select('car')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const held = await new ReconciliationRepository(t.database.db).heldByCar(
        t.database.db,
        BUYER,
        [car.car!],
      );
      return held.map((document) => document.id);
    };
    const issuers = async () =>
      (await get('/api/client/companies', buyer)).json<{ ruc: string }[]>().map((c) => c.ruc);

    expect(await listedIds(buyer)).toEqual([id]);
    expect((await get(`/api/client/documents/${id}/resource/info`, buyer)).statusCode).toBe(200);
    expect(await payables()).toContain(id);
    expect(await exportCount()).toBe(1);
    expect(await heldByCar()).toEqual([id]);
    expect(await issuers()).toEqual([SAMPLES.retentionInvoice.emisor]);

    expect((await remove(id, buyer)).statusCode).toBe(200);

    expect(await listedIds(buyer)).toEqual([]);
    for (const type of ['info', 'detail', 'xml', 'pdf']) {
      const response = await get(`/api/client/documents/${id}/resource/${type}`, buyer);
      expect(response.statusCode, type).toBe(404);
    }
    expect(await payables()).toEqual([]);
    expect(await exportCount()).toBe(0);
    const csv = await get(`/api/client/documents/export?format=csv&${range}`, buyer);
    expect(csv.body).not.toContain('F001-62');
    expect(await heldByCar()).toEqual([]);
    expect(await issuers()).toEqual([]);
    // The row and its XML stay for the retention period.
    const kept = await row(id);
    expect(kept?.quitado_at).toBeInstanceOf(Date);
    expect(await t.files.has(kept!.xml_hash)).toBe(true);
  });

  it('takes the same document again afterwards, as a new copy', async () => {
    const first = await upload('notaCredito1');
    expect((await remove(first.id!)).statusCode).toBe(200);
    const again = await upload('notaCredito1');
    expect(again).toMatchObject({ estado: 'agregado', motivo: null });
    expect(again.id).not.toBe(first.id);
    expect(await listedIds()).toContain(again.id);
    expect(await listedIds()).not.toContain(first.id);
    // And a second upload now answers the copy held, as before.
    expect(await upload('notaCredito1')).toMatchObject({ estado: 'duplicado', id: again.id });
  });
});

describe('the purge', () => {
  it('deletes only copies removed more than RETENTION_YEARS ago, rows and unshared files, and says which', async () => {
    const start = new Date(t.clock.now);
    try {
      // Removed above, all at the same time: factura4, the buyer's F001-62, the first notaCredito1.
      const removed = await t.database.db
        .selectFrom('documents')
        .select(['id', 'xml_hash', 'car', 'quitado_at'])
        .where('quitado_at', 'is not', null)
        .execute();
      expect(removed.length).toBeGreaterThanOrEqual(3);
      // The buyer's copy as if removed a month later than the others.
      const later = removed.find(
        (document) => document.car?.startsWith(SAMPLES.retentionInvoice.emisor) === true,
      )!;
      await t.database.db
        .updateTable('documents')
        .set({ quitado_at: new Date(start.getTime() + 30 * DAY) })
        .where('id', '=', later.id)
        .execute();
      const earlier = removed.filter((document) => document.id !== later.id);

      t.clock.now = new Date(yearsBefore(start, -6).getTime() - DAY);
      expect(await t.services.retention.purge()).toEqual({ count: 0, cars: [] });

      t.clock.now = new Date(yearsBefore(start, -6).getTime() + DAY);
      const purged = await t.services.retention.purge();
      expect(purged.count).toBe(earlier.length);
      expect(purged.cars.sort()).toEqual(earlier.map((document) => document.car).sort());
      for (const document of earlier) expect(await row(document.id)).toBeUndefined();
      expect(await row(later.id)).toBeDefined();

      // The notaCredito1 copy added again holds the same XML: that file stays.
      const readded = await t.database.db
        .selectFrom('documents')
        .select('xml_hash')
        .where('quitado_at', 'is', null)
        .where('tipo', '=', '07')
        .executeTakeFirstOrThrow();
      expect(await t.files.has(readded.xml_hash)).toBe(true);
      const unshared = earlier.filter(
        (document) => document.xml_hash !== readded.xml_hash && document.car !== null,
      );
      expect(unshared.length).toBeGreaterThan(0);
      for (const document of unshared) {
        const stillUsed = await t.database.db
          .selectFrom('documents')
          .select('id')
          .where('xml_hash', '=', document.xml_hash)
          .executeTakeFirst();
        expect(await t.files.has(document.xml_hash)).toBe(stillUsed !== undefined);
      }
    } finally {
      t.clock.now = start;
    }
  });

  it('runs as a job of the queue, which logs what it purged and queues the next day’s', async () => {
    const start = new Date(t.clock.now);
    try {
      const [target] = await t.database.db
        .selectFrom('documents')
        .select(['id', 'car', 'quitado_at'])
        .where('quitado_at', 'is not', null)
        .execute();
      expect(target).toBeDefined();
      t.clock.now = new Date(yearsBefore(target!.quitado_at!, -6).getTime() + DAY);
      await t.services.retention.schedule();
      await expect
        .poll(async () => (await row(target!.id)) === undefined, { timeout: 10_000 })
        .toBe(true);
      // The line of this run, not of the purge the app queued as it started (which found nothing).
      const purgeLines = () =>
        logLines
          .filter((entry) => entry.includes('received documents purged'))
          .map((entry) => JSON.parse(entry) as { purged: number; cars: string[] });
      await expect.poll(() => purgeLines().some((entry) => entry.purged > 0)).toBe(true);
      const line = purgeLines().find((entry) => entry.purged > 0);
      expect(line).toMatchObject({ purged: 1, cars: [target!.car] });
      const next = await t.database.db
        .selectFrom('jobs')
        .select(['run_at', 'state'])
        .where('kind', '=', 'received.purge')
        .where('state', '=', 'queued')
        .execute();
      expect(next.map((job) => job.run_at.getTime())).toContain(t.clock.now.getTime() + DAY);
    } finally {
      t.clock.now = start;
    }
  });
});
