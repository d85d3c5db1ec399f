import { zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test/fixtures.js';
import { syntheticCdr } from '../test/synthetic-documents.js';
import { localHeaderOffsetOf, noise, patchEntry, zip64Stored } from '../test/zip-files.js';
import { UblError } from './errors.js';
import type { UblErrorCode } from './types.js';
import { readCdrXml } from './unzip-cdr.js';
import { openZip, type ZipArchive, type ZipOptions } from './zip-archive.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const MiB = 1024 * 1024;

function refusal(action: () => unknown): { code: UblErrorCode; message: string } {
  try {
    action();
  } catch (error) {
    if (error instanceof UblError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the ZIP was accepted');
}

/** Opens the archive and reads every entry, as an upload is processed before anything is kept. */
function readAll(zip: Uint8Array, options?: ZipOptions): Record<string, string> {
  const archive = openZip(zip, options);
  return Object.fromEntries(archive.entries.map((entry) => [entry.name, decode(entry.read())]));
}

const openRefusal = (zip: Uint8Array, options?: ZipOptions) => refusal(() => readAll(zip, options));

const xml = encode('<Invoice/>');
const cdrZip = zipSync({ 'dummy/': {}, 'R-20606433094-01-F001-3.xml': encode(syntheticCdr('0')) });

describe('openZip reads', () => {
  it('files, deflated and stored, leaving folders out', () => {
    const zip = zipSync({
      'facturas/': {},
      'facturas/20606433094-01-F001-3.xml': xml,
      'leeme.txt': [encode('hola'), { level: 0 }],
    });
    expect(readAll(zip)).toEqual({
      'facturas/20606433094-01-F001-3.xml': '<Invoice/>',
      'leeme.txt': 'hola',
    });
    expect(openZip(zip).entries.map((entry) => entry.size)).toEqual([xml.length, 4]);
  });

  it('each entry only when asked: a broken one does not stop the others', () => {
    const zip = zipSync({ 'a.xml': encode('<a/>'.repeat(50)), 'b.xml': xml });
    const broken = zip.slice();
    broken.fill(0xff, 30 + 'a.xml'.length, 30 + 'a.xml'.length + 8);
    const archive = openZip(broken);
    expect(decode(archive.entries[1]!.read())).toBe('<Invoice/>');
    expect(refusal(() => archive.entries[0]!.read())).toEqual({
      code: 'malformed',
      message: 'El ZIP está dañado: no se pudo descomprimir.',
    });
  });

  it('names written with backslashes, and dots that are no parent folder', () => {
    expect(Object.keys(readAll(zipSync({ 'dir\\a.xml': xml, 'dir/..b.xml': xml })))).toEqual([
      'dir\\a.xml',
      'dir/..b.xml',
    ]);
  });

  it('archives written in ZIP64 form', () => {
    expect(readAll(zip64Stored({ 'a.xml': xml, 'b/c.xml': encode('<c/>') }))).toEqual({
      'a.xml': '<Invoice/>',
      'b/c.xml': '<c/>',
    });
  });

  it("SUNAT's CDR ZIP inside an upload, one level deep", () => {
    const upload = zipSync({ 'F001-3.xml': xml, 'R-20606433094-01-F001-3.zip': cdrZip });
    const archive = openZip(upload);
    const cdr = archive.entries.find((entry) => entry.cdrArchive)!;
    expect(cdr.name).toBe('R-20606433094-01-F001-3.zip');
    expect(decode(readCdrXml(archive.openNested(cdr)))).toContain('<cbc:ResponseCode>0<');
  });

  it('the real CDR ZIPs of the fixtures', () => {
    for (const name of ['R-20100454523-01-F001-00004355.zip', 'R-20600995805-01-F001-2.zip']) {
      expect(decode(readCdrXml(openZip(fixtureBytes(name))))).toContain('ApplicationResponse');
    }
  });
});

describe('openZip refuses the whole archive', () => {
  it('when it is empty, or no ZIP at all', () => {
    expect(openRefusal(new Uint8Array(0))).toEqual({
      code: 'empty',
      message: 'El ZIP está vacío (0 bytes).',
    });
    for (const other of [encode('%PDF-1.7\n'), xml, encode('PK')]) {
      expect(openRefusal(other)).toEqual({
        code: 'not_zip',
        message: 'El ZIP no es un archivo ZIP.',
      });
    }
  });

  it('when an entry inflates more than 100 times its size: a ZIP bomb', () => {
    const bomb = zipSync({ 'a.xml': xml, 'bomba.xml': new Uint8Array(10 * MiB) });
    expect(bomb.length).toBeLessThan(20_000);
    expect(openRefusal(bomb)).toEqual({
      code: 'unsafe_archive',
      message:
        "El ZIP contiene un archivo que se descomprime a más de 100 veces su tamaño ('bomba.xml'): se rechaza como posible bomba ZIP.",
    });
  });

  it('when it declares more than 50 MB in all, before inflating anything', () => {
    const chunk = noise(MiB);
    const zip = zipSync({ 'a.xml': chunk, 'b.xml': chunk, 'c.xml': chunk }, { level: 1 });
    let claims: Uint8Array = zip;
    for (const index of [0, 1, 2]) claims = patchEntry(claims, index, { size: 17 * MiB });
    expect(openRefusal(claims)).toEqual({
      code: 'too_large',
      message: 'El ZIP descomprimido ocupa más de 50 MB, el máximo admitido.',
    });
  });

  it('when what an entry really holds passes what it declared', () => {
    const liar = patchEntry(zipSync({ 'a.xml': new Uint8Array(MiB) }), 0, { size: 20_000 });
    const archive = openZip(liar);
    expect(refusal(() => archive.entries[0]!.read())).toEqual({
      code: 'malformed',
      message: 'El ZIP está dañado: su contenido excede el tamaño declarado.',
    });
  });

  it('when it has more than 2 000 entries', () => {
    const files: Zippable = {};
    for (let index = 0; index <= 2000; index++) files[`${index}.xml`] = xml;
    expect(openRefusal(zipSync(files))).toEqual({
      code: 'too_large',
      message: 'El ZIP tiene más de 2000 archivos, el máximo admitido.',
    });
    delete files['2000.xml'];
    expect(openZip(zipSync(files)).entries).toHaveLength(2000);
  });

  it.each([
    '../../etc/passwd',
    'facturas/../../fuera.xml',
    '..',
    '/etc/passwd',
    '\\Windows\\win.ini',
    '..\\..\\fuera.xml',
    'facturas\\..\\..\\fuera.xml',
    'C:\\Windows\\win.ini',
    'c:fuera.xml',
    '\\\\servidor\\compartido\\a.xml',
    'a\u0000.xml',
  ])('when an entry name escapes its folder: %j', (name) => {
    const { code, message } = openRefusal(zipSync({ 'bien.xml': xml, [name]: xml }));
    expect(code).toBe('unsafe_archive');
    expect(message).toMatch(
      /^El ZIP contiene un nombre de archivo no permitido \('.*'\): no se admiten rutas con '\.\.', absolutas o con unidad de disco\.$/,
    );
  });

  it('when an entry is encrypted, or compressed in a way not read here', () => {
    const zip = zipSync({ 'a.xml': xml });
    for (const patch of [{ flags: 1 }, { flags: 0x41 }, { method: 99 }]) {
      expect(openRefusal(patchEntry(zip, 0, patch))).toEqual({
        code: 'invalid_value',
        message: 'El ZIP está cifrado: envíelo sin contraseña.',
      });
    }
    expect(openRefusal(patchEntry(zip, 0, { method: 14 }))).toEqual({
      code: 'invalid_value',
      message: 'El ZIP usa un método de compresión no admitido (14).',
    });
  });

  it('when two entries share their bytes', () => {
    const zip = zipSync({ 'a.xml': xml, 'b.xml': xml });
    const overlapping = patchEntry(zip, 1, { localHeaderOffset: localHeaderOffsetOf(zip, 0) });
    expect(openRefusal(overlapping)).toEqual({
      code: 'unsafe_archive',
      message: 'El ZIP tiene archivos que comparten sus datos: se rechaza como posible bomba ZIP.',
    });
  });

  it('when it is damaged', () => {
    const zip = zipSync({ 'a.xml': xml });
    expect(openRefusal(zip.subarray(0, zip.length - 10))).toEqual({
      code: 'malformed',
      message: 'El ZIP está dañado: no se encontró su índice.',
    });
    expect(openRefusal(patchEntry(zip, 0, { localHeaderOffset: 7 })).message).toBe(
      'El ZIP está dañado: no se encuentra uno de sus archivos.',
    );
    expect(openRefusal(patchEntry(zip, 0, { compressedSize: 10 * MiB })).message).toBe(
      'El ZIP está dañado: uno de sus archivos está incompleto.',
    );
  });
});

describe('archives inside archives', () => {
  const nestedMessage = (name: string) =>
    `El ZIP contiene otro archivo comprimido ('${name}'): solo se admite la constancia de SUNAT (R-*.zip), en un solo nivel.`;

  it.each(['otros.zip', 'facturas/marzo.ZIP', 'copia.rar', 'copia.7z', 'xml.tar.gz', 'R-1.rar'])(
    'are refused by name: %s',
    (name) => {
      expect(openRefusal(zipSync({ 'a.xml': xml, [name]: xml }))).toEqual({
        code: 'unsafe_archive',
        message: nestedMessage(name),
      });
    },
  );

  it('are refused by content, whatever their name', () => {
    const archive = openZip(zipSync({ 'a.xml': xml, 'b.xml': zipSync({ 'c.xml': xml }) }));
    expect(refusal(() => archive.entries[1]!.read())).toEqual({
      code: 'unsafe_archive',
      message: nestedMessage('b.xml'),
    });
  });

  it('are refused inside a CDR ZIP: one level only', () => {
    const deeper = zipSync({ 'R-1.xml': xml, 'R-2.zip': cdrZip });
    const archive = openZip(zipSync({ 'R-1.zip': deeper }));
    expect(refusal(() => archive.openNested(archive.entries[0]!))).toEqual({
      code: 'unsafe_archive',
      message:
        "El ZIP 'R-1.zip' contiene otro archivo comprimido ('R-2.zip'): no se admiten archivos comprimidos dentro.",
    });
  });

  it('count against the limits of the archive that holds them', () => {
    const inner: Zippable = {};
    for (let index = 0; index < 8; index++) inner[`R-${index}.xml`] = xml;
    const archive = openZip(zipSync({ 'a.xml': xml, 'R-1.zip': zipSync(inner) }), {
      maxEntries: 8,
    });
    expect(refusal(() => archive.openNested(archive.entries[1]!))).toEqual({
      code: 'too_large',
      message: 'El ZIP tiene más de 8 archivos, el máximo admitido.',
    });
    const sizes = openZip(zipSync({ 'R-1.zip': zipSync({ 'R-1.xml': noise(600_000) }) }), {
      maxTotalBytes: MiB,
    });
    expect(refusal(() => sizes.openNested(sizes.entries[0]!)).message).toBe(
      'El ZIP descomprimido ocupa más de 1 MB, el máximo admitido.',
    );
  });

  it('are opened only from among the entries, and only when they are CDR ZIPs', () => {
    const archive: ZipArchive = openZip(zipSync({ 'a.xml': xml }));
    expect(() => archive.openNested(archive.entries[0]!)).toThrow(/CDR archive/);
  });
});

describe('limits as parameters', () => {
  it('tighten or loosen each check', () => {
    const zip = zipSync({ 'a.xml': noise(2000), 'b.xml': xml });
    expect(openRefusal(zip, { maxEntries: 1 }).message).toBe(
      'El ZIP tiene más de 1 archivos, el máximo admitido.',
    );
    expect(openRefusal(zip, { maxTotalBytes: 1024 }).message).toBe(
      'El ZIP descomprimido ocupa más de 1 KB, el máximo admitido.',
    );
    expect(openRefusal(zipSync({ 'a.xml': encode('<a/>'.repeat(20)) }), { maxRatio: 2 }).code).toBe(
      'unsafe_archive',
    );
    expect(openRefusal(zip, { subject: 'El adjunto', maxEntries: 1 }).message).toBe(
      'El adjunto tiene más de 1 archivos, el máximo admitido.',
    );
    const bomb = zipSync({ 'a.xml': new Uint8Array(MiB) });
    expect(openZip(bomb, { maxRatio: 2000 }).entries[0]!.read()).toHaveLength(MiB);
  });
});
