/**
 * Printed PDFs and the rest of the portal: `npm run bench:render`.
 *
 * 1. Render time of a factura whose line description is one word of 1 k, 10 k,
 *    100 k and 1 M characters, as ratios to the 1 k case: the whole render (the
 *    printed field is cut at 2 000 characters, so it stays flat), and laying out
 *    the whole text with the real Helvetica widths (must grow about linearly).
 * 2. Consultation latency (p99) on the built server with the embedded database,
 *    idle and while four heavy renders run, as a ratio (target ≤ 2×).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { renderPdfInThisThread } from '../apps/server/src/modules/files/pdf-renderer.js';
import {
  heavyProof,
  heavyXml,
  longWordShape,
  type HeavyShape,
} from '../apps/server/test/helpers/heavy-documents.js';
import { wrapText } from '../packages/print/src/wrap-text.js';
import { describeLoad, runLoad, type LoadResult } from './lib/load.js';
import { BENCH_ADMIN_TOKEN, postForJson, sampleIssuerToken } from './lib/portal-client.js';
import { startServer } from './lib/server.js';

const LENGTHS = [1_000, 10_000, 100_000, 1_000_000];
const PORT = Number(process.env.BENCH_RENDER_PORT ?? 23080);
const LOAD_MS = 6_000;
const HEAVY_RENDERS = 4;
/** A table of 4 000 lines: seconds of parsing and layout, under every budget. */
const HEAVY_LINES = 4_000;

async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

async function renderGrowth(): Promise<void> {
  const pdf = new PDFDocument({ size: 'A4' }).font('Helvetica').fontSize(7.5);
  const measure = (text: string) => pdf.widthOfString(text);
  const renders: number[] = [];
  const layouts: number[] = [];
  for (const [index, length] of LENGTHS.entries()) {
    const xml = await heavyXml(longWordShape(length, 900 + index));
    renders.push(
      await median(5, () =>
        renderPdfInThisThread({
          xml,
          cdr: null,
          voided: false,
          verdict: 'sin_cdr',
          consultUrl: null,
          portalName: 'SUFEL',
        }),
      ),
    );
    const word = 'W'.repeat(length);
    layouts.push(await median(5, () => Promise.resolve(wrapText(word, 230, measure))));
  }
  console.log('\nRender time by length of one word in a line description (ratio to 1 k):');
  for (const [index, length] of LENGTHS.entries()) {
    console.log(
      `  ${String(length).padStart(9)} characters: whole render ${(renders[index]! / renders[0]!).toFixed(2)}×` +
        ` (${renders[index]!.toFixed(0)} ms), layout of the whole text ${(layouts[index]! / layouts[0]!).toFixed(1)}×` +
        ` (length ${length / LENGTHS[0]!}×)`,
    );
  }
}

async function consultationUnderRenders(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-bench-render-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      SUFEL_DEMO: '0',
      RENDER_TIMEOUT_MS: '120000',
    },
    PORT,
  );
  try {
    const { url } = server;
    const token = await sampleIssuerToken(url);
    const publish = async (shape: HeavyShape) =>
      postForJson(
        `${url}/api/company/documents`,
        { xml: (await heavyXml(shape)).toString('base64'), pdf: '' },
        token,
      );
    const plain: HeavyShape = { name: 'plain', number: 800 };
    await publish(plain);
    // Each render stream works through its own documents, so the renders last the whole run.
    const streams: HeavyShape[][] = Array.from({ length: HEAVY_RENDERS }, (_, stream) =>
      Array.from({ length: 3 }, (_, index) => ({
        name: 'heavy',
        number: 810 + stream * 10 + index,
        lineCopies: HEAVY_LINES,
      })),
    );
    for (const shape of streams.flat()) await publish(shape);

    const consultation = await postForJson<{ token: string }>(
      `${url}/api/document/auth`,
      heavyProof(plain),
    );
    const consult = () =>
      runLoad({
        baseUrl: url,
        concurrency: 4,
        durationMs: LOAD_MS,
        next: () => ({
          method: 'GET',
          path: '/api/document/resource/info',
          headers: { authorization: `Bearer ${consultation.token}` },
        }),
      });
    await consult();
    const idle = await consult();

    let rendering = true;
    let renders = 0;
    const renderStream = async (shapes: HeavyShape[]) => {
      for (const shape of shapes) {
        if (!rendering) return;
        const auth = await postForJson<{ token: string }>(
          `${url}/api/document/auth`,
          heavyProof(shape),
        );
        const response = await fetch(`${url}/api/document/resource/pdf`, {
          headers: { authorization: `Bearer ${auth.token}` },
        });
        await response.arrayBuffer();
        if (response.ok) renders += 1;
      }
    };
    const streamsDone = Promise.all(streams.map(renderStream));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const loaded: LoadResult = await consult();
    rendering = false;
    await streamsDone;

    console.log(
      `\nConsultation while ${HEAVY_RENDERS} heavy renders run (${renders} renders done):`,
    );
    console.log(`  ${describeLoad('idle', idle)}`);
    console.log(`  ${describeLoad('during renders', loaded)}`);
    const ratio = loaded.p99 / idle.p99;
    console.log(
      `  p99 ratio to idle: ${ratio.toFixed(2)}× (target ≤ 2×) ${ratio <= 2 ? 'OK' : 'OVER TARGET'}`,
    );
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await renderGrowth();
await consultationUnderRenders();
