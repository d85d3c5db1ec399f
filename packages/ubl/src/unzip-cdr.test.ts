import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test/fixtures.js';
import { syntheticCdr } from '../test/synthetic-documents.js';
import { noise, patchEntry, type EntryPatch } from '../test/zip-files.js';
import { UblError } from './errors.js';
import { CDR_MAX_XML_BYTES, unzipCdrXml } from './unzip-cdr.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function refusal(zip: Uint8Array): { code: string; message: string } {
  try {
    unzipCdrXml(zip);
  } catch (error) {
    if (error instanceof UblError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the ZIP was accepted');
}

function patchFirstEntry(zip: Uint8Array, patch: EntryPatch): Uint8Array {
  return patchEntry(zip, 0, patch);
}

const cdrXml = encode(syntheticCdr('0'));

describe('unzipCdrXml', () => {
  it("takes the XML of SUNAT's ZIP, past its dummy/ folder", () => {
    const xml = decode(unzipCdrXml(fixtureBytes('R-20100454523-01-F001-00004355.zip')));
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('F001-00004355');
  });

  it('ignores an empty dummy file next to the XML', () => {
    const xml = decode(unzipCdrXml(fixtureBytes('R-20600995805-01-F001-2.zip')));
    expect(xml).toContain('<cbc:ResponseCode>0109</cbc:ResponseCode>');
  });

  it('prefers the R- file when there are several XML files', () => {
    const zip = zipSync({
      'a.xml': encode('<other/>'),
      'dir/': {},
      'dir/R-20606433094-01-F001-1.xml': cdrXml,
    });
    expect(unzipCdrXml(zip)).toEqual(cdrXml);
  });

  it('reads a stored (uncompressed) entry', () => {
    const zip = zipSync({ 'R-1.xml': [cdrXml, { level: 0 }] });
    expect(unzipCdrXml(zip)).toEqual(cdrXml);
  });

  it('refuses a ZIP without XML', () => {
    expect(refusal(zipSync({ 'dummy/': {}, 'R-1.txt': encode('hola') }))).toEqual({
      code: 'not_ubl',
      message: 'El ZIP no contiene la constancia de recepción (CDR) en XML.',
    });
  });

  it('refuses an archive declared over the limit without inflating it', () => {
    expect(refusal(zipSync({ 'R-1.xml': [noise(CDR_MAX_XML_BYTES + 1), { level: 0 }] }))).toEqual({
      code: 'too_large',
      message: 'El ZIP del CDR descomprimido ocupa más de 5 MB, el máximo admitido.',
    });
    const bomb = zipSync({ 'R-1.xml': new Uint8Array(CDR_MAX_XML_BYTES + 1) });
    expect(bomb.length).toBeLessThan(10_000);
    expect(refusal(bomb).code).toBe('unsafe_archive');
  });

  it('stops inflating as soon as the output passes a declared size that lies', () => {
    const bomb = patchFirstEntry(zipSync({ 'R-1.xml': new Uint8Array(50 * 1024 * 1024) }), {
      size: 1000,
    });
    expect(refusal(bomb)).toEqual({
      code: 'malformed',
      message: 'El ZIP del CDR está dañado: su contenido excede el tamaño declarado.',
    });
  });

  it('refuses output shorter than declared', () => {
    const zip = patchFirstEntry(zipSync({ 'R-1.xml': cdrXml }), { size: cdrXml.length + 1 });
    expect(refusal(zip).message).toBe(
      'El ZIP del CDR está dañado: su contenido no tiene el tamaño declarado.',
    );
    const stored = patchFirstEntry(zipSync({ 'R-1.xml': [cdrXml, { level: 0 }] }), { size: 5 });
    expect(refusal(stored).code).toBe('malformed');
  });

  it('refuses damaged archives', () => {
    const zip = zipSync({ 'R-1.xml': cdrXml });
    expect(refusal(zip.subarray(0, 40)).message).toBe(
      'El ZIP del CDR está dañado: no se encontró su índice.',
    );
    expect(refusal(patchFirstEntry(zip, { localHeaderOffset: 5 })).code).toBe('malformed');
    const corrupted = zip.slice();
    // The deflate stream starts after the 30-byte local header and the name.
    corrupted.fill(0xff, 30 + 'R-1.xml'.length, 30 + 'R-1.xml'.length + 20);
    expect(refusal(corrupted).code).toBe('malformed');
  });

  it('refuses encrypted entries and unknown compression methods', () => {
    const zip = zipSync({ 'R-1.xml': cdrXml });
    expect(refusal(patchFirstEntry(zip, { flags: 1 }))).toEqual({
      code: 'invalid_value',
      message: 'El ZIP del CDR está cifrado: envíelo sin contraseña.',
    });
    expect(refusal(patchFirstEntry(zip, { method: 12 })).code).toBe('invalid_value');
  });

  it('refuses an archive with too many files, or with an archive inside', () => {
    expect(
      refusal(zipSync({ 'R-1.xml': cdrXml, 'R-2.zip': zipSync({ 'R-2.xml': cdrXml }) })),
    ).toEqual({
      code: 'unsafe_archive',
      message:
        "El ZIP del CDR contiene otro archivo comprimido ('R-2.zip'): no se admiten archivos comprimidos dentro.",
    });
    const files = Object.fromEntries(
      Array.from({ length: 65 }, (_, index) => [`f${index}.txt`, encode('x')]),
    );
    expect(refusal(zipSync(files)).message).toBe(
      'El ZIP del CDR tiene más de 64 archivos, el máximo admitido.',
    );
  });
});
