import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';

const DOCUMENTS = 5000;
const PDF_BYTES = 32 * 1024;
const MIB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** The live JS heap once garbage is collected: what the process really holds. */
function liveHeap(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** A PDF of the given size, as an issuer could send it. */
function sentPdf(size: number): Buffer {
  const pdf = Buffer.alloc(size, 0x20);
  pdf.write('%PDF-1.4\n');
  for (let i = 16; i < size; i += 7) pdf[i] = (i * 31) % 256;
  pdf.write('\n%%EOF\n', size - 7);
  return pdf;
}

describe('a streamed export over HTTP', () => {
  let t: TestApp;
  let url: string;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { EXPORTS_PER_HOUR: '1000' } });
    const gasper = await issuerToken(t, '20606433094');
    expect((await publishSample(t, gasper, SAMPLES.factura3, sentPdf(PDF_BYTES))).statusCode).toBe(
      200,
    );
    // Copies of the published row under other numbers, sharing its stored files.
    await sql`insert into documents (emisor, emisor_nombre, tipo, serie, numero, fecha, total,
        moneda, cliente_tipo, cliente_doc, cliente_nombre, xml_hash, pdf_hash, base_gravada, igv,
        importes_leidos)
      select emisor, emisor_nombre, tipo, 'F777', n, fecha, total, moneda, cliente_tipo,
        cliente_doc, cliente_nombre, xml_hash, pdf_hash, base_gravada, igv, importes_leidos
      from documents, generate_series(1, ${DOCUMENTS - 1}) as n`.execute(t.database.db);
    token = await storedReceiverToken(t, SAMPLES.factura3.cliente);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    // Sockets of the cancelled and the broken download may still be open on the client side.
    t.app.server.closeAllConnections();
    await t.close();
  });

  const download = (format: string, signal?: AbortSignal) =>
    fetch(`${url}/api/client/documents/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
      ...(signal === undefined ? {} : { signal }),
    });

  it(`keeps the server's heap flat while ${DOCUMENTS} documents stream as a ZIP`, async () => {
    const before = liveHeap();
    const response = await download('zip');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-export-count')).toBe(String(DOCUMENTS));
    const reader = response.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const samples: number[] = [];
    let received = 0;
    let nextSample = 10 * MIB;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received >= nextSample) {
        samples.push(liveHeap());
        nextSample += 10 * MIB;
      }
    }
    const peakGrowth = Math.max(...samples) - before;
    const drift = samples.at(-1)! - samples[0]!;
    console.info(
      `export memory: ${DOCUMENTS} documents, ${(received / MIB).toFixed(0)} MiB streamed, ` +
        `live heap before ${(before / MIB).toFixed(1)} MiB, peak growth ${(peakGrowth / MIB).toFixed(1)} MiB, ` +
        `drift from first to last sample ${(drift / MIB).toFixed(1)} MiB over ${samples.length} samples`,
    );
    // The ZIP is far larger than what the heap ever holds, and the heap does not grow with it.
    expect(received).toBeGreaterThan(DOCUMENTS * PDF_BYTES);
    expect(samples.length).toBeGreaterThan(10);
    expect(peakGrowth).toBeLessThan(24 * MIB);
    expect(Math.abs(drift)).toBeLessThan(8 * MIB);
  }, 180_000);

  it('admits one export at a time per receiver', async () => {
    const cancel = new AbortController();
    const first = await download('zip', cancel.signal);
    expect(first.status).toBe(200);
    const second = await download('csv');
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({
      message:
        'Ya hay una exportación en curso para esta cuenta. Espere a que termine o cancélela.',
    });
    cancel.abort();
    let third = await download('csv');
    for (let attempt = 0; third.status === 429 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      third = await download('csv');
    }
    expect(third.status).toBe(200);
    expect((await third.text()).split('\r\n').length).toBe(DOCUMENTS + 2);
  }, 60_000);

  it('ends the download with an error when a stored file cannot be read', async () => {
    await t.database.db
      .updateTable('documents')
      .set({ xml_hash: 'e'.repeat(64) })
      .where('serie', '=', 'F777')
      .where('numero', '=', 2500)
      .execute();
    const response = await download('zip');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    let received = 0;
    const readAll = async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return received;
        received += value.byteLength;
      }
    };
    await expect(readAll()).rejects.toThrow();
    // It got part of the way, then stopped without a well-formed end.
    expect(received).toBeGreaterThan(1000 * PDF_BYTES);
  }, 60_000);
});
