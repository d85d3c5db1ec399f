import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureText, latin1Bytes } from '../test/fixtures.js';
import { assertWithinSize, decodeXml } from './decode-xml.js';
import { UblError } from './errors.js';

const MAX = 10 * 1024 * 1024;
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

describe('decodeXml', () => {
  it('decodes UTF-8 declared as UTF-8', () => {
    expect(decodeXml(utf8('<?xml version="1.0" encoding="UTF-8"?><a>Año</a>'), MAX)).toContain(
      '<a>Año</a>',
    );
  });

  it('decodes Latin-1 declared as ISO-8859-1', () => {
    const bytes = latin1Bytes('<?xml version="1.0" encoding="ISO-8859-1"?><a>Año Ñ</a>');
    expect(bytes).toContain(0xf1);
    expect(decodeXml(bytes, MAX)).toContain('<a>Año Ñ</a>');
  });

  it('decodes as UTF-8 a file declared ISO-8859-1 whose bytes are UTF-8', () => {
    const text = decodeXml(fixtureBytes('20600995805-08-F001-0005.xml'), MAX);
    expect(text).toContain('Ampliación garantía');
    expect(text).not.toContain('Ã³');
  });

  it('decodes as Latin-1 a file declared UTF-8 whose bytes are not UTF-8', () => {
    const bytes = latin1Bytes(fixtureText('20000000001-07-F001-1.xml'));
    expect(bytes).toContain(0xcd);
    expect(decodeXml(bytes, MAX)).toContain('ANULACÍON DE LA OPERACIÓN');
  });

  it('lets a UTF-8 byte order mark win over an ISO-8859-1 declaration', () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...utf8('<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>'),
    ]);
    const text = decodeXml(bytes, MAX);
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text).toContain('<a>é</a>');
  });

  it('decodes UTF-16 with a byte order mark', () => {
    expect(decodeXml(utf16le('<?xml version="1.0" encoding="UTF-16"?><a>ñ</a>'), MAX)).toBe(
      '<?xml version="1.0" encoding="UTF-16"?><a>ñ</a>',
    );
  });

  it.each(['utf-8', 'UTF8', 'iso-8859-1', 'ISO_8859-1', 'latin1', 'windows-1252', 'US-ASCII'])(
    'accepts the declared encoding %s',
    (label) => {
      expect(decodeXml(utf8(`<?xml version="1.0" encoding="${label}"?><a/>`), MAX)).toContain(
        '<a/>',
      );
    },
  );

  it('refuses an encoding it cannot read', () => {
    expect(() => decodeXml(utf8('<?xml version="1.0" encoding="Shift_JIS"?><a/>'), MAX)).toThrow(
      new UblError(
        'invalid_value',
        "La codificación 'Shift_JIS' del XML no está admitida: use UTF-8 o ISO-8859-1.",
      ),
    );
  });

  it('reads a file without declaration as UTF-8', () => {
    expect(decodeXml(utf8('<a>ü</a>'), MAX)).toBe('<a>ü</a>');
  });

  it('uses a string as it is, without its byte order mark', () => {
    expect(decodeXml('\uFEFF<a>ü</a>', MAX)).toBe('<a>ü</a>');
  });

  it('measures strings by their UTF-8 size', () => {
    // Five characters, ten bytes in UTF-8; an emoji is four bytes.
    expect(() => decodeXml('ñññññ', 9)).toThrow(UblError);
    expect(decodeXml('ñññññ', 10)).toBe('ñññññ');
    expect(() => decodeXml('<a>😀</a>', 10)).toThrow(UblError);
    expect(decodeXml('<a>😀</a>', 11)).toBe('<a>😀</a>');
  });

  it('calls blank input empty', () => {
    for (const input of ['', '  \n', new Uint8Array(0), utf8('\t\r\n')]) {
      expect(() => decodeXml(input, MAX)).toThrow(new UblError('empty', 'El archivo está vacío.'));
    }
  });
});

describe('assertWithinSize', () => {
  it('accepts the limit and refuses one byte more, naming the limit', () => {
    expect(() => assertWithinSize(MAX, MAX)).not.toThrow();
    expect(() => assertWithinSize(MAX + 1, MAX)).toThrow(
      new UblError('too_large', 'El archivo supera el tamaño máximo de 10 MB.'),
    );
    expect(() => assertWithinSize(600, 512)).toThrow(
      'El archivo supera el tamaño máximo de 512 bytes.',
    );
    expect(() => assertWithinSize(5000, 1536)).toThrow(
      'El archivo supera el tamaño máximo de 2 KB.',
    );
  });
});
