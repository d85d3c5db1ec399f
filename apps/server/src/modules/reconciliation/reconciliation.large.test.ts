import { RECONCILIATION_INLINE_ROWS, type Reconciliation } from '@sufel/contract';
import { proposalFile, type ProposalRowInput } from '@sufel/sire/testing';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { multipartFile } from '../../../test/helpers/multipart.js';
import { storedReceiverToken } from '../../../test/helpers/receivers.js';

const RECEIVER = '20415932376';
const MB = 1024 * 1024;

function row(index: number): ProposalRowInput {
  return {
    receiverRuc: RECEIVER,
    period: '202412',
    supplierRuc: '20100000033',
    supplierName: 'PROVEEDOR MASIVO S.A.C.',
    series: 'F777',
    number: index + 1,
    issueDate: '2024-12-01',
    baseDg: '10.00',
    igvDg: '1.80',
    total: '11.80',
  };
}

describe('large proposals', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ jobWorkerOptions: { pollMs: 200 } });
    t.clock.now = new Date('2025-01-15T15:00:00Z');
    token = await storedReceiverToken(t, RECEIVER);
  });
  afterAll(() => t.close());

  it('matches a file over 10 000 rows in the background, with its progress', async () => {
    const rows = Array.from({ length: RECONCILIATION_INLINE_ROWS + 500 }, (_, index) => row(index));
    const body = multipartFile(proposalFile(rows, { format: 'txt' }), 'grande.txt');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/client/reconciliations',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    const started = response.json<Reconciliation>();
    expect(started).toMatchObject({ estado: 'procesando', filas: rows.length, procesadas: 0 });

    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const now = (
            await t.app.inject({
              method: 'GET',
              url: `/api/client/reconciliations/${started.id}`,
              headers: { authorization: `Bearer ${token}` },
            })
          ).json<Reconciliation>();
          seen.push(now.procesadas);
          return now.estado;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe('listo');
    expect(seen.at(-1)).toBe(rows.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const done = (
      await t.app.inject({
        method: 'GET',
        url: `/api/client/reconciliations/${started.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<Reconciliation>();
    expect(done.resumen.sin_xml).toBe(rows.length);
  });

  /**
   * Sends a 200 MB file over a real connection, 1 MB at a time, as long as
   * the server reads it; answers the status and how much was written.
   */
  async function sendHuge(
    declareLength: boolean,
  ): Promise<{ status: number | 'closed'; sent: number }> {
    const address = await t.app
      .listen({ port: 0, host: '127.0.0.1' })
      .catch(() => t.app.listeningOrigin);
    const head = multipartFile(new Uint8Array(), 'enorme.txt');
    const closing = head.payload.lastIndexOf('\r\n--');
    const piece = Buffer.alloc(MB, 0x41);
    const total = head.payload.length + 200 * MB;
    let sent = 0;
    return new Promise((resolve, reject) => {
      const request = http.request(`${address}/api/client/reconciliations`, {
        method: 'POST',
        headers: {
          ...head.headers,
          authorization: `Bearer ${token}`,
          ...(declareLength ? { 'content-length': String(total) } : {}),
        },
      });
      let stopped = false;
      request.on('response', (response) => {
        stopped = true;
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        // The server answered and closed while the body was still coming: it stopped reading.
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
          stopped = true;
          resolve({ status: 'closed', sent });
        } else if (!stopped) reject(error);
      });
      void (async () => {
        request.write(head.payload.subarray(0, closing));
        for (let i = 0; i < 200 && !stopped; i++) {
          sent += piece.length;
          if (!request.write(piece)) {
            await new Promise((done) => {
              request.once('drain', done);
              request.once('close', done);
            });
          }
        }
        if (!stopped) request.end(head.payload.subarray(closing));
      })();
    });
  }

  it('refuses a 200 MB upload at the size limit, without reading it whole', async () => {
    const streamed = await sendHuge(false);
    expect([413, 'closed']).toContain(streamed.status);
    expect(streamed.sent).toBeLessThan(110 * MB);
    const declared = await sendHuge(true);
    expect([413, 'closed']).toContain(declared.status);
    expect(declared.sent).toBeLessThan(10 * MB);

    // What the refusal says, where the test's client reads every answer.
    const head = multipartFile(new Uint8Array(101 * MB), 'enorme.txt');
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/client/reconciliations',
      headers: { ...head.headers, authorization: `Bearer ${token}` },
      payload: head.payload,
    });
    expect(answered.statusCode).toBe(413);
    expect(answered.json()).toMatchObject({
      message: 'El archivo supera los 100 MB, el máximo admitido para una propuesta.',
    });
  });
});
