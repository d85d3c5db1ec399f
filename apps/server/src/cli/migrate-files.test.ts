import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, SAMPLES } from '../../test/helpers/fixtures.js';
import { startS3Server, type TestS3Server } from '../../test/helpers/s3-server.js';
import { loadConfig } from '../config.js';
import { sha256Hex, storeFiles } from '../file-store/file-store.js';
import { openFileStore } from '../file-store/open-file-store.js';
import { createServices } from '../services.js';
import { openStorage } from '../storage.js';
import { runCli } from './main.js';

const JWT_SECRET = 'jwt-secret-for-tests-0123456789abcdefghijkl';
const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Every file the documents refer to, read through the store FILES names. */
async function readAll(env: Record<string, string>): Promise<Map<string, string>> {
  const storage = await openStorage(loadConfig(env));
  try {
    const rows = await storage.database.db
      .selectFrom('documents')
      .select(['xml_hash', 'pdf_hash', 'cdr_hash'])
      .execute();
    const found = new Map<string, string>();
    for (const hash of rows.flatMap((row) => [row.xml_hash, row.pdf_hash, row.cdr_hash])) {
      if (hash !== null) found.set(hash, sha256Hex(await storage.files.read(hash)));
    }
    return found;
  } finally {
    await storage.close();
  }
}

describe('files migrate', () => {
  let dataDir: string;
  let s3: TestS3Server;
  let env: Record<string, string>;
  const saved = { ...process.env };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-migrate-'));
    s3 = await startS3Server();
    env = { DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent', ...s3.env, FILES: 'local' };
    // Three documents published with the local driver: XML, a PDF, a CDR.
    const storage = await openStorage(loadConfig(env));
    const services = createServices({
      config: loadConfig(env),
      db: storage.database.db,
      fileStore: storage.files,
      jwtSecret: storage.jwtSecret,
    });
    for (const ruc of new Set([SAMPLES.factura3.emisor, SAMPLES.creditNoteWithCdr.emisor])) {
      await services.admin.createIssuer(ruc, 'EMISOR', 'clave-segura-1');
    }
    await services.publisher.publish({
      issuerRuc: SAMPLES.factura3.emisor,
      xml: (await fixture(SAMPLES.factura3.file)).toString('base64'),
      pdf: MINIMAL_PDF.toString('base64'),
      cdr: '',
    });
    await services.publisher.publish({
      issuerRuc: SAMPLES.factura4.emisor,
      xml: (await fixture(SAMPLES.factura4.file)).toString('base64'),
      pdf: '',
      cdr: '',
    });
    await services.publisher.publish({
      issuerRuc: SAMPLES.creditNoteWithCdr.emisor,
      xml: (await fixture(SAMPLES.creditNoteWithCdr.file)).toString('base64'),
      pdf: '',
      cdr: (await fixture(SAMPLES.creditNoteWithCdr.cdr)).toString('base64'),
    });
    await storage.close();
    Object.assign(process.env, env);
  });
  afterAll(async () => {
    process.env = saved;
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function migrate(to: string) {
    const out: string[] = [];
    const info = vi
      .spyOn(console, 'info')
      .mockImplementation((...args) => void out.push(args.join(' ')));
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      return { code: await runCli(['files', 'migrate', '--to', to]), out: out.join('\n') };
    } finally {
      info.mockRestore();
      stderr.mockRestore();
    }
  }

  it('copies every file into the database, verified, and FILES=postgres then loses nothing', async () => {
    const before = await readAll(env);
    expect(before.size).toBe(5);
    const { code, out } = await migrate('postgres');
    expect(code).toBe(0);
    expect(out).toContain('Copiados:    5');
    expect(out).toContain('Listo: ya puede usar FILES=postgres.');
    expect(await readAll({ ...env, FILES: 'postgres' })).toEqual(before);
  });

  it('resumes: what the target already holds is not copied again', async () => {
    // An interrupted run left one file in the bucket.
    const storage = await openStorage(loadConfig(env));
    const target = await openFileStore('s3', loadConfig(env), storage.database.db);
    const first = [...(await readAll(env)).keys()].sort()[0]!;
    await storeFiles(target.store, storage.database.db, [await storage.files.read(first)]);
    target.close();
    await storage.close();

    const { code, out } = await migrate('s3');
    expect(code).toBe(0);
    expect(out).toContain('Copiados:    4');
    expect(out).toContain('Ya estaban:  1');
    expect(await readAll({ ...env, FILES: 's3' })).toEqual(await readAll(env));
    expect((await migrate('s3')).out).toContain('Ya estaban:  5');
  });

  it('explains a wrong target', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await runCli(['files', 'migrate', '--to', 'ftp'])).toBe(2);
      expect(await runCli(['files', 'migrate', '--to', 'local'])).toBe(2);
      expect(err.mock.calls.map((call) => String(call[0])).join('\n')).toContain(
        'Los archivos ya están en local (FILES).',
      );
    } finally {
      err.mockRestore();
    }
  });
});
