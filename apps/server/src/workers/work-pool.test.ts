import { isWithholdingReceipt, UblError, type SunatDocument, type UblDocument } from '@sufel/ubl';
import { register } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../test/helpers/fixtures.js';
import { HEAVY_SHAPES, heavyXml } from '../../test/helpers/heavy-documents.js';
import { WorkOverBudget, WorkPool, WorkPoolUnavailable } from './work-pool.js';

const MIB = 1024 * 1024;

function saleOf(document: SunatDocument): UblDocument {
  if (isWithholdingReceipt(document)) throw new Error(`read as a receipt of type ${document.type}`);
  return document;
}

describe('WorkPool', () => {
  let pool: WorkPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('parses a large XML in a worker and answers the document', async () => {
    pool = new WorkPool({ workers: 1, timeoutMs: 60_000, memoryMb: 512 });
    const shape = HEAVY_SHAPES.find((candidate) => candidate.supplierName !== undefined)!;
    const xml = await heavyXml(shape);
    expect(xml.byteLength).toBeGreaterThan(MIB);
    const document = saleOf(await pool.parseDocument(xml));
    expect(document.customer.name).toHaveLength(3 * MIB);
  });

  it('answers a refused large XML with the reader error and its Spanish message', async () => {
    pool = new WorkPool({ workers: 1, timeoutMs: 60_000, memoryMb: 512 });
    const notXml = new TextEncoder().encode(`%PDF-${'x'.repeat(2 * MIB)}`);
    const refusal = await pool.parseDocument(notXml).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UblError);
    expect((refusal as UblError).message).toMatch(/^El archivo no es un XML/);
  });

  it('stops a task over its memory cap and replaces the worker', async () => {
    pool = new WorkPool({ workers: 1, timeoutMs: 120_000, memoryMb: 64 });
    // A table of 5 000 lines laid out on 200 pages kept in memory: far more than 64 MB.
    const big = await heavyXml({ name: 'lines', number: 1, lineCopies: 5_000 });
    const request = {
      xml: big,
      cdr: null,
      voided: false,
      verdict: 'sin_cdr' as const,
      consultUrl: null,
      portalName: 'SUFEL',
    };
    const failure = await pool.renderPdf(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(WorkOverBudget);
    expect((failure as WorkOverBudget).reason).toBe('memory');
    const small = await heavyXml({ name: 'lines', number: 1, lineCopies: 600 });
    expect(saleOf(await pool.parseDocument(small)).lines).toHaveLength(600);
  });

  it('refuses new tasks once closed', async () => {
    pool = new WorkPool({ workers: 1, timeoutMs: 60_000, memoryMb: 512 });
    await pool.close();
    const xml = await heavyXml({ name: 'lines', number: 1, lineCopies: 600 });
    await expect(pool.parseDocument(xml)).rejects.toBeInstanceOf(WorkPoolUnavailable);
  });

  it('checks a signature in the common shape without a worker, any other in one', async () => {
    pool = new WorkPool({ workers: 1, timeoutMs: 60_000, memoryMb: 512 });
    await pool.close();
    const common = await pool.parseSignedDocument(await fixture('20606433094-01-F001-3.xml'));
    expect(common.signature.status).toBe('valida');
    // Its transform URI is no standard one: only xml-crypto decides it.
    const uncommon = await fixture('20600995805-03-B001-1.xml');
    await expect(pool.parseSignedDocument(uncommon)).rejects.toBeInstanceOf(WorkPoolUnavailable);
  });

  it('exposes the event loop delay and render metrics in the default registry', async () => {
    const { startEventLoopMetrics } = await import('../http/event-loop-metrics.js');
    startEventLoopMetrics();
    const text = await register.metrics();
    expect(text).toMatch(/^sufel_event_loop_delay_seconds\{quantile="0\.99"\} [\d.e-]+$/m);
    expect(text).toContain('# TYPE sufel_render_duration_seconds histogram');
    expect(text).toContain('# TYPE sufel_renders_over_budget_total counter');
  });
});
