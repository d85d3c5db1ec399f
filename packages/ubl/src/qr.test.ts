import { describe, expect, it } from 'vitest';
import { formatSunatQr, parseSunatQr, type SunatQr } from './qr.js';

const CANONICAL: SunatQr = {
  ruc: '20100454523',
  tipo: '01',
  serie: 'F001',
  numero: '4355',
  igv: '62675.85',
  total: '423225.00',
  fecha: '2017-05-14',
  clienteTipo: '6',
  clienteDoc: '20587896411',
  hash: '3qw/mv+sQDna5dofwzgpYRB9qM4=',
};

const WITHOUT_HASH: SunatQr = { ...CANONICAL, hash: null };

describe('parseSunatQr', () => {
  it.each([
    [
      'the canonical text',
      '20100454523|01|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411|3qw/mv+sQDna5dofwzgpYRB9qM4=',
      CANONICAL,
    ],
    [
      'the hash followed by a pipe',
      '20100454523|01|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411|3qw/mv+sQDna5dofwzgpYRB9qM4=|',
      CANONICAL,
    ],
    [
      'no hash, trailing pipe',
      '20100454523|01|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'no trailing pipe',
      '20100454523|01|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411',
      WITHOUT_HASH,
    ],
    [
      'spaces around the pipes',
      ' 20100454523 | 01 | F001 | 4355 | 62675.85 | 423225.00 | 2017-05-14 | 6 | 20587896411 | ',
      WITHOUT_HASH,
    ],
    [
      'a zero-padded number',
      '20100454523|01|F001|00004355|62675.85|423225.00|2017-05-14|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      "type '1' for '01'",
      '20100454523|1|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'a dd/mm/yyyy date',
      '20100454523|01|F001|4355|62675.85|423225.00|14/05/2017|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'a d/m/yyyy date',
      '20100454523|01|F001|4355|62675.85|423225.00|14/5/2017|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'a dd-mm-yyyy date',
      '20100454523|01|F001|4355|62675.85|423225.00|14-05-2017|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'thousands separators',
      '20100454523|01|F001|4355|62,675.85|423,225.00|2017-05-14|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'amounts with fewer decimals',
      '20100454523|01|F001|4355|62675.85|423225|2017-05-14|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'a CR/LF at the end',
      '20100454523|01|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411|\r\n',
      WITHOUT_HASH,
    ],
    [
      'a series in lower case',
      '20100454523|01|f001|4355|62675.85|423225.00|2017-05-14|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'series and number in one field',
      '20100454523|01|F001-00004355|62675.85|423225.00|2017-05-14|6|20587896411|',
      WITHOUT_HASH,
    ],
    [
      'everything at once',
      '\uFEFF 20100454523 |1| f001 - 00004355 |62,675.85| 423,225 |14/05/2017| 6 |20587896411| 3qw/mv+sQDna5dofwzgpYRB9qM4= \r\n',
      CANONICAL,
    ],
  ])('reads %s', (_what, text, expected) => {
    expect(parseSunatQr(text)).toEqual(expected);
  });

  it('reads a boleta to an anonymous buyer, without buyer fields', () => {
    expect(parseSunatQr('20606433094|03|B001|1|1.53|10.00|2024-11-28|')).toEqual({
      ruc: '20606433094',
      tipo: '03',
      serie: 'B001',
      numero: '1',
      igv: '1.53',
      total: '10.00',
      fecha: '2024-11-28',
      clienteTipo: null,
      clienteDoc: null,
      hash: null,
    });
  });

  it('reads a decimal comma and buyer type "-"', () => {
    expect(parseSunatQr('20606433094|03|B001|2|1,53|11,50|2024-11-28|-|-|')).toMatchObject({
      igv: '1.53',
      total: '11.50',
      clienteTipo: '-',
      clienteDoc: '-',
    });
  });

  it('reads credit and debit notes', () => {
    expect(
      parseSunatQr('20606433094|07|FC01|211|0.00|9800.00|2017-06-25|6|20587896411|')?.tipo,
    ).toBe('07');
    expect(
      parseSunatQr('20606433094|8|FD01|211|0.00|1250.00|2017-06-25|6|20587896411|')?.tipo,
    ).toBe('08');
  });

  it.each([
    ['an empty text', ''],
    ['a URL', 'https://e-factura.sunat.gob.pe/consulta?ruc=20100454523'],
    ['free text', 'Gracias por su compra'],
    ['too few fields', '20100454523|01|F001|4355|'],
    ['a RUC of ten digits', '2010045452|01|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411|'],
    [
      'a document type not read here',
      '20100454523|09|T001|4355|0.00|0.00|2017-05-14|6|20587896411|',
    ],
    ['a series of five characters', '20100454523|01|F0011|4355|62675.85|423225.00|2017-05-14|6|1|'],
    [
      'a number of nine digits',
      '20100454523|01|F001|123456789|1.00|2.00|2017-05-14|6|20587896411|',
    ],
    ['a number zero', '20100454523|01|F001|0|1.00|2.00|2017-05-14|6|20587896411|'],
    [
      'an amount that is not one',
      '20100454523|01|F001|4355|abc|423225.00|2017-05-14|6|20587896411|',
    ],
    ['a negative total', '20100454523|01|F001|4355|1.00|-5.00|2017-05-14|6|20587896411|'],
    ['a date that does not exist', '20100454523|01|F001|4355|1.00|2.00|31/02/2017|6|20587896411|'],
    ['a date in words', '20100454523|01|F001|4355|1.00|2.00|14 de mayo|6|20587896411|'],
    [
      'a buyer type of two characters',
      '20100454523|01|F001|4355|1.00|2.00|2017-05-14|66|20587896411|',
    ],
    ['a buyer document with spaces', '20100454523|01|F001|4355|1.00|2.00|2017-05-14|6|205 878|'],
    [
      'a hash that is not base64',
      '20100454523|01|F001|4355|1.00|2.00|2017-05-14|6|20587896411|#$%|',
    ],
    ['random bytes', '\u0000\u00ff|||\u0007'],
  ])('rejects %s', (_what, text) => {
    expect(parseSunatQr(text)).toBeNull();
  });
});

describe('formatSunatQr', () => {
  it('writes the canonical text with the hash after the trailing pipe', () => {
    expect(formatSunatQr(CANONICAL)).toBe(
      '20100454523|01|F001|4355|62675.85|423225.00|2017-05-14|6|20587896411|3qw/mv+sQDna5dofwzgpYRB9qM4=',
    );
  });

  it('ends with the pipe when there is no hash or buyer', () => {
    expect(
      formatSunatQr({
        ruc: '20606433094',
        tipo: '03',
        serie: 'b001',
        numero: '0001',
        igv: '1.5',
        total: '11.505',
        fecha: '2024-11-28',
      }),
    ).toBe('20606433094|03|B001|1|1.50|11.51|2024-11-28|||');
  });

  it('refuses values that would print a wrong QR', () => {
    expect(() => formatSunatQr({ ...CANONICAL, numero: 'F001-1' })).toThrow(RangeError);
    expect(() => formatSunatQr({ ...CANONICAL, fecha: '14/05/2017' })).toThrow(RangeError);
    expect(() => formatSunatQr({ ...CANONICAL, total: '1,180.00' })).toThrow(RangeError);
  });

  it.each([CANONICAL, WITHOUT_HASH, { ...WITHOUT_HASH, clienteTipo: null, clienteDoc: null }])(
    'round-trips through parseSunatQr (%#)',
    (fields) => {
      expect(parseSunatQr(formatSunatQr(fields))).toEqual(fields);
    },
  );
});
