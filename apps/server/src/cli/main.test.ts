import { sql } from 'kysely';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { captureCli } from '../../test/helpers/cli.js';
import { fixture, SAMPLES } from '../../test/helpers/fixtures.js';
import { loadConfig } from '../config.js';
import { createServices } from '../services.js';
import { openStorage } from '../storage.js';

describe('sufel CLI against a running server', () => {
  let t: TestApp;
  let url: string;
  let folder: string;
  let issuerPassword = '';

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    folder = await mkdtemp(path.join(tmpdir(), 'sufel-cli-'));
    for (const sample of [
      SAMPLES.factura3,
      SAMPLES.factura4,
      SAMPLES.notaCredito1,
      SAMPLES.boleta1,
    ]) {
      await writeFile(path.join(folder, sample.file), await fixture(sample.file));
    }
    await writeFile(path.join(folder, '20606433094-01-F001-3.pdf'), '%PDF-1.4\n%%EOF\n');
    await writeFile(
      path.join(folder, 'roto.xml'),
      (await fixture(SAMPLES.factura4.file)).subarray(0, 500),
    );
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('registers an issuer through the admin API and prints its generated password', async () => {
    const { code, out } = await captureCli([
      'company',
      'add',
      '--server',
      url,
      '--admin-token',
      ADMIN_TOKEN,
      '--ruc',
      '20606433094',
      '--nombre',
      'GASPER SOFT S.A.C.',
    ]);
    expect(code).toBe(0);
    expect(out).toContain('Emisor 20606433094 registrado.');
    const password = /Contraseña: (\S+)/.exec(out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const list = await captureCli([
      'company',
      'list',
      '--server',
      url,
      '--admin-token',
      ADMIN_TOKEN,
    ]);
    expect(list.out).toContain('20606433094  habilitado');
    issuerPassword = password!;
  });

  it('publishes a folder, with a summary of what happened to each document', async () => {
    const args = ['publish', '--server', url, '--ruc', '20606433094', folder];
    process.env.SUFEL_PASSWORD = issuerPassword;
    const first = await captureCli(args).finally(() => delete process.env.SUFEL_PASSWORD);
    expect(first.code).toBe(1);
    expect(first.out).toContain('Publicados:  4');
    expect(first.out).toContain('Ya estaban:  0');
    expect(first.out).toContain('Rechazados:  1');
    expect(first.out).toMatch(/roto\.xml: El XML no está bien formado/);
    const { rows } = await sql<{ n: number; with_pdf: number }>`
      select count(*)::int as n, count(pdf_hash)::int as with_pdf from documents`.execute(
      t.database.db,
    );
    expect(rows[0]).toEqual({ n: 4, with_pdf: 1 });

    // An API token needs no RUC and no password.
    const login = await fetch(`${url}/api/company/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ruc: '20606433094', password: issuerPassword }),
    });
    const session = ((await login.json()) as { token: string }).token;
    const created = await fetch(`${url}/api/company/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ nombre: 'CLI' }),
    });
    const { id, token } = (await created.json()) as { id: number; token: string };
    process.env.SUFEL_TOKEN = token;
    try {
      const again = await captureCli(['publish', '--server', url, '--batch', '1', folder]);
      expect(again.out).toContain('Publicados:  0');
      expect(again.out).toContain('Ya estaban:  4');
      expect(again.out).toContain('Rechazados:  1');
      await fetch(`${url}/api/company/tokens/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${session}` },
      });
      const revoked = await captureCli(['publish', '--server', url, folder]);
      expect(revoked.code).toBe(2);
      expect(revoked.err).toContain('No autorizado');
    } finally {
      delete process.env.SUFEL_TOKEN;
    }
  });

  it('explains usage mistakes and wrong credentials', async () => {
    const missing = await captureCli(['publish', '--server', url, folder]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Falta la opción --ruc.');
    // Not a terminal: nothing to ask the password on.
    const noPassword = await captureCli([
      'publish',
      '--server',
      url,
      '--ruc',
      '20606433094',
      folder,
    ]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.err).toContain('Defina SUFEL_TOKEN');
    const onCommandLine = await captureCli([
      'publish',
      '--server',
      url,
      '--ruc',
      '20606433094',
      '--password',
      issuerPassword,
      folder,
    ]);
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.err).toContain("Unknown option '--password'");
    process.env.SUFEL_PASSWORD = 'otra-clave-9';
    const wrong = await captureCli([
      'publish',
      '--server',
      url,
      '--ruc',
      '20606433094',
      folder,
    ]).finally(() => delete process.env.SUFEL_PASSWORD);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('credenciales inválidas');
    const unknown = await captureCli(['borrar']);
    expect(unknown.err).toContain('Comando desconocido: borrar');
    const help = await captureCli(['--help']);
    expect(help.out).toContain('Uso: npm run sufel');
  });

  it('gives each command its own help', async () => {
    for (const argv of [
      ['publish', '--help'],
      ['help', 'publish'],
      ['publish', '-h'],
    ]) {
      const help = await captureCli(argv);
      expect(help.code).toBe(0);
      expect(help.out).toContain('Uso: npm run sufel -- publish');
      expect(help.out).toContain('SUFEL_TOKEN');
      expect(help.out).not.toContain('files migrate');
    }
    const company = await captureCli(['company', 'add', '--help']);
    expect(company.out).toContain('company add --ruc <RUC> --nombre <razón social>');
    expect(company.out).not.toContain('publish --server');
    const mistake = await captureCli(['files', 'migrate']);
    expect(mistake.code).toBe(2);
    expect(mistake.err).toContain('files migrate --to');
    expect(mistake.err).not.toContain('publish --server');
  });
});

// Each step opens the embedded database afresh, migrations included, as the CLI does.
const EMBEDDED_TIMEOUT_MS = 120_000;

describe('sufel CLI on the local embedded database', () => {
  let dataDir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sufel-cli-local-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });
  afterAll(async () => {
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'adds, disables and lists issuers',
    async () => {
      process.env.SUFEL_PASSWORD = 'clave-segura-1';
      const add = await captureCli([
        'company',
        'add',
        '--ruc',
        '20600055519',
        '--nombre',
        'EMISOR UBL 2.0',
      ]).finally(() => delete process.env.SUFEL_PASSWORD);
      expect(add.code).toBe(0);
      expect(add.out).not.toContain('Contraseña:');
      expect((await captureCli(['company', 'disable', '--ruc', '20600055519'])).code).toBe(0);
      const list = await captureCli(['company', 'list']);
      expect(list.out).toContain('20600055519  deshabilitado  EMISOR UBL 2.0');
      const invalid = await captureCli(['company', 'add', '--ruc', '20100454523', '--nombre', 'X']);
      expect(invalid.code).toBe(2);
      expect(invalid.err).toContain('El RUC no es válido.');
    },
    EMBEDDED_TIMEOUT_MS,
  );

  it(
    'reads the register amounts of documents stored before they were kept',
    async () => {
      const config = loadConfig();
      const storage = await openStorage(config);
      try {
        const services = createServices({
          config,
          db: storage.database.db,
          fileStore: storage.files,
          jwtSecret: storage.jwtSecret,
        });
        await services.admin.createIssuer('20606433094', 'GASPER', 'clave-segura-1');
        await services.publisher.publish({
          issuerRuc: '20606433094',
          xml: (await fixture(SAMPLES.factura4.file)).toString('base64'),
          pdf: '',
          cdr: '',
        });
        await sql`update documents set importes_leidos = false, igv = 0`.execute(
          storage.database.db,
        );
      } finally {
        await storage.close();
      }

      const backfill = await captureCli(['documents', 'backfill']);
      expect(backfill.code).toBe(0);
      expect(backfill.out).toContain('Leyendo los importes de 1 comprobante…');
      expect(backfill.out).toContain('Leídos:      1');
      const again = await captureCli(['documents', 'backfill']);
      expect(again.out).toContain('Todos los comprobantes ya tienen sus importes.');

      const reopened = await openStorage(loadConfig());
      try {
        const row = await reopened.database.db
          .selectFrom('documents')
          .select(['igv', 'importes_leidos'])
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ igv: '62675.85', importes_leidos: true });
      } finally {
        await reopened.close();
      }
    },
    EMBEDDED_TIMEOUT_MS,
  );
});
