import { sql } from 'kysely';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app.js';
import { fixture, SAMPLES } from '../../../test/helpers/fixtures.js';
import { issuerToken, publishSample } from '../../../test/helpers/issuers.js';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server.js';
import { FILE_DRIVERS } from '../../file-store/file-store.js';

const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const sample = SAMPLES.creditNoteWithCdr;
const UNAVAILABLE =
  'El almacenamiento de archivos no está disponible en este momento; no se guardó nada. Intente nuevamente en unos minutos.';

async function documentCount(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from documents`.execute(
    t.database.db,
  );
  return rows[0]!.n;
}

/** Publishes the sample and answers its signed links. */
async function publish(t: TestApp, token: string) {
  const published = await publishSample(t, token, sample, MINIMAL_PDF);
  return { response: published, links: published.json<{ xml: string; pdf: string }>() };
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

describe.each(FILE_DRIVERS)('publishing and downloading with FILES=%s', (driver) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: driver === 's3' ? s3.env : { FILES: driver } });
    token = await issuerToken(t, sample.emisor);
  });
  afterAll(() => t.close());

  it('serves the XML, the PDF and the CDR that were published, and re-publishing changes nothing', async () => {
    expect(t.files.driver).toBe(driver);
    const { response, links } = await publish(t, token);
    expect(response.statusCode).toBe(200);
    expect((await publish(t, token)).response.statusCode).toBe(200);
    expect(await documentCount(t)).toBe(1);

    const xml = await t.app.inject({ method: 'GET', url: new URL(links.xml).pathname });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-length']).toBe(String(xml.rawPayload.length));
    expect(xml.rawPayload.equals(await fixture(sample.file))).toBe(true);

    const pdf = await t.app.inject({ method: 'GET', url: new URL(links.pdf).pathname });
    expect(pdf.rawPayload.equals(MINIMAL_PDF)).toBe(true);

    const cdrUrl = new URL(links.xml).pathname.replace(/\/xml$/, '/cdr');
    const cdr = await t.app.inject({ method: 'GET', url: cdrUrl });
    expect(cdr.statusCode).toBe(200);
    expect(cdr.rawPayload.equals(await fixture(sample.cdr))).toBe(true);
  });
});

describe('a file store that fails', () => {
  it('answers 503 with Retry-After and stores no document when the bucket is missing', async () => {
    const t = await buildTestApp({ env: { ...s3.env, S3_BUCKET: 'bucket-que-no-existe' } });
    try {
      const token = await issuerToken(t, sample.emisor);
      const { response } = await publish(t, token);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.json()).toMatchObject({ message: UNAVAILABLE });
      expect(await documentCount(t)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('answers 503 to downloads and publishes while the object store is down', async () => {
    const own = await startS3Server();
    const t = await buildTestApp({ env: own.env });
    try {
      const token = await issuerToken(t, sample.emisor);
      const { links } = await publish(t, token);
      await own.close();
      const down = await t.app.inject({ method: 'GET', url: new URL(links.xml).pathname });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('30');
      const other = await issuerToken(t, SAMPLES.factura3.emisor);
      const second = await publishSample(t, other, SAMPLES.factura3);
      expect(second.statusCode).toBe(503);
      expect(await documentCount(t)).toBe(1);
    } finally {
      await t.close();
    }
  });

  // A full disk needs a small file system of its own: a tmpfs, which only root may mount.
  const root = process.getuid?.() === 0;
  it.skipIf(!root)('answers 503 on a full disk, stores nothing, and recovers', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dataDir]);
    const filler = path.join(dataDir, 'filler');
    try {
      const t = await buildTestApp({ env: { FILES: 'local', DATA_DIR: dataDir } });
      try {
        const token = await issuerToken(t, sample.emisor);
        await writeFile(filler, Buffer.alloc(1024 * 1024)).catch(() => {});
        const { response } = await publish(t, token);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('300');
        expect(response.json()).toMatchObject({ message: UNAVAILABLE });
        expect(await documentCount(t)).toBe(0);

        await rm(filler);
        expect((await publish(t, token)).response.statusCode).toBe(200);
        expect(await documentCount(t)).toBe(1);
      } finally {
        await t.close();
      }
    } finally {
      execFileSync('umount', [dataDir]);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
