import { API_MESSAGES } from '@sufel/contract';
import { register } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import {
  HEAVY_SHAPES,
  heavyProof,
  heavyXml,
  type HeavyShape,
} from '../../../test/helpers/heavy-documents.js';
import { issuerToken, proofOf, publishSample } from '../../../test/helpers/issuers.js';
import { readPdfText } from '../../../test/helpers/read-pdf-text.js';
import { LISTED_NAME_MAX } from '../issuer/publish.service.js';

const CUT_MARK = '… (texto completo en el XML)';
/** What "answers promptly" means here: far below a render, far above a request's own cost. */
const PROMPT_MS = 1_500;
/** Test runner, embedded database, workers and the largest document together. */
const RSS_BOUND_BYTES = 2.5 * 1024 ** 3;

async function publish(t: TestApp, token: string, shape: HeavyShape) {
  return t.app.inject({
    method: 'POST',
    url: '/api/company/documents',
    headers: { authorization: `Bearer ${token}` },
    payload: { xml: (await heavyXml(shape)).toString('base64'), pdf: '' },
  });
}

async function consultationToken(t: TestApp, proof: Record<string, string>) {
  const auth = await t.app.inject({ method: 'POST', url: '/api/document/auth', payload: proof });
  expect(auth.statusCode).toBe(200);
  return auth.json<{ token: string }>().token;
}

function requestPdf(t: TestApp, token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/document/resource/pdf',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Milliseconds /health and another client's whole consultation take. */
async function slowestOtherRequest(t: TestApp): Promise<number> {
  const started = performance.now();
  const health = await t.app.inject({ method: 'GET', url: '/health' });
  expect(health.statusCode).toBe(200);
  const healthMs = performance.now() - started;
  const token = await consultationToken(t, proofOf(SAMPLES.factura3));
  const info = await t.app.inject({
    method: 'GET',
    url: '/api/document/resource/info',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(info.statusCode).toBe(200);
  return Math.max(healthMs, performance.now() - started - healthMs);
}

async function metricValue(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = register.getSingleMetric(name);
  if (metric === undefined) return 0;
  const { values } = await metric.get();
  return values
    .filter((value) => Object.entries(labels).every(([key, label]) => value.labels[key] === label))
    .reduce((sum, value) => sum + value.value, 0);
}

describe('no document stalls the portal', () => {
  let t: TestApp;
  let issuer: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { RENDER_WORKERS: '2' } });
    issuer = await issuerToken(t, SAMPLES.factura3.emisor);
    expect((await publishSample(t, issuer, SAMPLES.factura3)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it.each(HEAVY_SHAPES)(
    'publishes "$name" and answers its PDF while others consult',
    async (shape) => {
      expect((await publish(t, issuer, shape)).statusCode).toBe(200);
      const pdf = requestPdf(t, await consultationToken(t, heavyProof(shape)));
      // The render is under way in a worker; the main thread keeps answering.
      for (let round = 0; round < 3; round += 1) {
        expect(await slowestOtherRequest(t)).toBeLessThan(PROMPT_MS);
      }
      const answer = await pdf;
      if (answer.statusCode === 200) {
        expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      } else {
        expect(answer.statusCode).toBe(503);
        expect(answer.json()).toMatchObject({ message: API_MESSAGES.pdfUnavailable });
        expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      }
      expect(process.memoryUsage().rss).toBeLessThan(RSS_BOUND_BYTES);
    },
    120_000,
  );

  it('prints cut fields ending with the mark', async () => {
    const shape = HEAVY_SHAPES.find((candidate) => candidate.supplierName !== undefined)!;
    const answer = await requestPdf(t, await consultationToken(t, heavyProof(shape)));
    expect(answer.statusCode).toBe(200);
    const { text, pages } = await readPdfText(answer.rawPayload);
    const compact = text.replace(/ /g, '');
    const mark = CUT_MARK.replace(/ /g, '');
    expect(compact).toContain(`${'C'.repeat(2_000)}${mark}`);
    expect(compact).toContain(`${'E'.repeat(300)}${mark}`);
    expect(compact).toContain(`EMPRESA${'D'.repeat(292)}${mark}`);
    expect(compact).not.toContain('C'.repeat(2_001));
    expect(pages).toBeLessThan(10);
  });

  it('answers others while a batch of large documents, each under 1 MiB, is parsed', async () => {
    const documents = await Promise.all(
      Array.from({ length: 55 }, async (_, index) => ({
        xml: (await heavyXml({ name: 'batch', number: 500 + index, lineCopies: 450 })).toString(
          'base64',
        ),
        pdf: '',
      })),
    );
    const started = performance.now();
    const batch = t.app.inject({
      method: 'POST',
      url: '/api/company/documents/batch',
      headers: { authorization: `Bearer ${issuer}` },
      payload: { documents },
    });
    let answered = false;
    void batch.then(() => (answered = true));
    const waits: number[] = [];
    while (!answered) waits.push(await slowestOtherRequest(t));
    expect((await batch).statusCode).toBe(200);
    // Parsing the batch in one go would hold the others for most of it; now
    // they wait at most for one file (or the reading of the 60 MB body).
    const batchMs = performance.now() - started;
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(batchMs / 5);
  }, 120_000);

  it('lists names of megabytes cut, and keeps the whole text in the XML and the detail', async () => {
    const shape = HEAVY_SHAPES.find((candidate) => candidate.supplierName !== undefined)!;
    const token = await consultationToken(t, heavyProof(shape));
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/info',
      headers: { authorization: `Bearer ${token}` },
    });
    const listed = info.json<{ emisor_nombre: string; cliente_nombre: string }>();
    expect(listed.cliente_nombre).toBe(`${'E'.repeat(LISTED_NAME_MAX)}${CUT_MARK}`);
    expect(listed.emisor_nombre.endsWith(CUT_MARK)).toBe(true);
    const detail = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/detail',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.json<{ customer: { name: string } }>().customer.name).toBe(shape.customerName);
    const xml = await t.app.inject({
      method: 'GET',
      url: '/api/document/resource/xml',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.rawPayload.equals(await heavyXml(shape))).toBe(true);
  });
});

describe('a render over budget', () => {
  let t: TestApp;
  let issuer: string;
  const logLines: string[] = [];
  // Pages of lines, under 1 MiB so the XML is parsed inline: far more than a tenth of a second.
  const slow: HeavyShape = { name: 'long table', number: 201, lineCopies: 500 };

  beforeAll(async () => {
    t = await buildTestApp({
      // The 100 ms budget is for the render; checking this document's signature at publish,
      // in the same pool, would go over it first.
      env: { RENDER_WORKERS: '1', RENDER_TIMEOUT_MS: '100', VERIFY_SIGNATURES: '0' },
      logLines,
    });
    issuer = await issuerToken(t, SAMPLES.factura3.emisor);
    expect((await publish(t, issuer, slow)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('is stopped, remembered and answered 503 with a message, and not started again', async () => {
    const overBudget = () => metricValue('sufel_renders_over_budget_total', { reason: 'time' });
    const renders = () => metricValue('sufel_render_duration_seconds', {});
    const before = await overBudget();
    const token = await consultationToken(t, heavyProof(slow));

    const first = await requestPdf(t, token);
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ message: API_MESSAGES.pdfUnavailable });
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    expect(await overBudget()).toBe(before + 1);
    const remembered = await t.database.db
      .selectFrom('render_failures')
      .select(['budget_ms', 'reason'])
      .execute();
    expect(remembered).toEqual([{ budget_ms: 100, reason: 'time' }]);
    const documentId = (
      await t.database.db
        .selectFrom('render_failures')
        .select('document_id')
        .executeTakeFirstOrThrow()
    ).document_id;
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        documentId,
        reason: 'over time budget, stopped',
        msg: API_MESSAGES.pdfUnavailable,
      }),
    );

    const rendersBefore = await renders();
    const second = await requestPdf(t, token);
    expect(second.statusCode).toBe(503);
    expect(second.json()).toMatchObject({ message: API_MESSAGES.pdfUnavailable });
    expect(await overBudget()).toBe(before + 1);
    expect(await renders()).toBe(rendersBefore);

    // The pool replaced the stopped worker: an ordinary document still renders.
    expect((await publishSample(t, issuer, SAMPLES.factura3)).statusCode).toBe(200);
    const ordinary = await requestPdf(t, await consultationToken(t, proofOf(SAMPLES.factura3)));
    expect([200, 503]).toContain(ordinary.statusCode);
  });
});
