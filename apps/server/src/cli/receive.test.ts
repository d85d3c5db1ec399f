import { strToU8, zipSync } from 'fflate';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-test-app.js';
import { captureCli } from '../../test/helpers/cli.js';
import { fixture, SAMPLES } from '../../test/helpers/fixtures.js';
import { RECEIVER_PASSWORD, storedReceiverToken } from '../../test/helpers/receivers.js';

const RECEIVER = SAMPLES.factura3.cliente;

describe('sufel receive against a running server', () => {
  let t: TestApp;
  let url: string;
  let folder: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await storedReceiverToken(t, RECEIVER);
    folder = await mkdtemp(path.join(tmpdir(), 'sufel-receive-'));
    await mkdir(path.join(folder, 'noviembre'));
    await writeFile(path.join(folder, SAMPLES.factura4.file), await fixture(SAMPLES.factura4.file));
    await writeFile(
      path.join(folder, 'noviembre', SAMPLES.factura3.file),
      await fixture(SAMPLES.factura3.file),
    );
    await writeFile(
      path.join(folder, 'lote.zip'),
      zipSync({
        [SAMPLES.notaCredito1.file]: await fixture(SAMPLES.notaCredito1.file),
        [SAMPLES.notaCredito1.file.replace('.xml', '.pdf')]: strToU8('%PDF-1.4\n%%EOF\n'),
      }),
    );
    // Addressed to another RUC, and a broken file: each refused with its reason.
    await writeFile(
      path.join(folder, 'noviembre', SAMPLES.ubl20Factura.file),
      await fixture(SAMPLES.ubl20Factura.file),
    );
    await writeFile(
      path.join(folder, 'roto.xml'),
      (await fixture(SAMPLES.factura4.file)).subarray(0, 500),
    );
    // Not a document: a folder's other files are left alone.
    await writeFile(path.join(folder, 'notas.txt'), 'nada que agregar');
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function receive(...args: string[]) {
    process.env.SUFEL_PASSWORD = RECEIVER_PASSWORD;
    return captureCli(['receive', '--server', url, '--ruc', RECEIVER, ...args]).finally(
      () => delete process.env.SUFEL_PASSWORD,
    );
  }

  it('adds every XML and ZIP of the folders, with a summary, and exits 1 when some were refused', async () => {
    const first = await receive('--batch', '2', folder);
    expect(first.err).toBe('');
    expect(first.out).toContain('Agregando 5 archivos');
    expect(first.out).toContain('Agregados:   3');
    expect(first.out).toContain('Duplicados:  0');
    expect(first.out).toContain('Rechazados:  2');
    expect(first.out).toMatch(/roto\.xml: El XML no está bien formado/);
    expect(first.out).toMatch(
      new RegExp(`${SAMPLES.ubl20Factura.file}: El comprobante no está dirigido a su RUC`),
    );
    expect(first.out).not.toContain('notas.txt');
    expect(first.code).toBe(1);

    const rows = await t.database.db
      .selectFrom('documents')
      .select(['serie', 'numero', 'tipo', 'origen', 'pdf_hash', 'pdf_generated'])
      .where('cliente_doc', '=', RECEIVER)
      .orderBy('tipo')
      .orderBy('numero')
      .execute();
    expect(rows.map((row) => `${row.tipo}-${row.numero}-${row.origen}`)).toEqual([
      '01-3-carga',
      '01-4-carga',
      '07-1-carga',
    ]);
    // The PDF in the ZIP joined its document.
    expect(rows.find((row) => row.tipo === '07')!.pdf_hash).not.toBeNull();

    // A file named directly is sent; the same documents again are duplicates.
    const again = await receive(path.join(folder, SAMPLES.factura4.file), folder);
    expect(again.out).toContain('Agregados:   0');
    expect(again.out).toContain('Duplicados:  3');
    expect(again.out).toContain('Rechazados:  2');
  });

  it('exits 0 when nothing was refused', async () => {
    const clean = await receive(path.join(folder, 'lote.zip'));
    expect(clean.out).toContain('Duplicados:  1');
    expect(clean.out).toContain('Rechazados:  0');
    expect(clean.code).toBe(0);
  });

  it('takes the password only from SUFEL_PASSWORD or the terminal, and says what is wrong', async () => {
    // Not a terminal: nothing to ask the password on.
    const noPassword = await captureCli(['receive', '--server', url, '--ruc', RECEIVER, folder]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.err).toContain('Defina SUFEL_PASSWORD');
    const onCommandLine = await captureCli([
      'receive',
      '--server',
      url,
      '--ruc',
      RECEIVER,
      '--password',
      RECEIVER_PASSWORD,
      folder,
    ]);
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.err).toContain("Unknown option '--password'");
    process.env.SUFEL_PASSWORD = 'otra-clave-9';
    const wrong = await captureCli(['receive', '--server', url, '--ruc', RECEIVER, folder]).finally(
      () => delete process.env.SUFEL_PASSWORD,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/RUC o contraseña incorrectos|credenciales/i);
    const nothing = await receive(path.join(folder, 'noviembre', 'vacía'));
    expect(nothing.code).toBe(2);
    expect(nothing.err).toContain(
      `No existe el archivo o carpeta ${path.join(folder, 'noviembre', 'vacía')}.`,
    );
    const empty = await mkdtemp(path.join(tmpdir(), 'sufel-receive-empty-'));
    try {
      const none = await receive(empty);
      expect(none.code).toBe(2);
      expect(none.err).toContain('No se encontraron archivos XML ni ZIP.');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
    const batch = await receive('--batch', '0', folder);
    expect(batch.code).toBe(2);
    expect(batch.err).toContain('--batch debe ser un número entre 1 y 500.');
  });

  it('has its own help', async () => {
    for (const argv of [
      ['receive', '--help'],
      ['help', 'receive'],
    ]) {
      const help = await captureCli(argv);
      expect(help.code).toBe(0);
      expect(help.out).toContain('Uso: npm run sufel -- receive');
      expect(help.out).toContain('SUFEL_PASSWORD');
      expect(help.out).not.toContain('publish --server');
    }
  });
});
