import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../test/fixtures.js';
import { syntheticCdr, syntheticInvoice } from '../test/synthetic-documents.js';
import { UblError } from './errors.js';
import { parseCdr } from './parse-cdr.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

function refusal(input: Uint8Array): { code: string; message: string } {
  try {
    parseCdr(input);
  } catch (error) {
    if (error instanceof UblError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the CDR was accepted');
}

describe('parseCdr status', () => {
  it.each([
    ['0', [], 'accepted'],
    ['0', ['4252 - El dato ingresado como atributo @listName es incorrecto.'], 'observed'],
    ['2033', [], 'rejected'],
    ['3999', [], 'rejected'],
    ['4000', [], 'observed'],
    ['4252', [], 'observed'],
    ['0109', [], 'error'],
    ['1999', [], 'error'],
    ['ABC', [], 'error'],
  ])('code %s with %j observations is %s', (code, notes, status) => {
    const cdr = parseCdr(encode(syntheticCdr(code, notes)));
    expect(cdr.status).toBe(status);
    expect(cdr.responseCode).toBe(code);
    expect(cdr.observations).toEqual(notes);
  });
});

describe('parseCdr', () => {
  it('reads a bare XML answer', () => {
    expect(parseCdr(encode(syntheticCdr('0')))).toEqual({
      responseCode: '0',
      description: 'Respuesta',
      observations: [],
      documentId: 'F001-123',
      documentType: null,
      issuerRuc: '20606433094',
      receiverDocument: null,
      issueDate: '2024-11-25',
      status: 'accepted',
    });
  });

  it('reads the same answer zipped', () => {
    const zip = zipSync({
      'dummy/': {},
      'R-20606433094-01-F001-123.xml': encode(syntheticCdr('0')),
    });
    expect(parseCdr(zip)).toEqual(parseCdr(encode(syntheticCdr('0'))));
  });

  it("reads SUNAT's answer with observations and the receiver without its type prefix", () => {
    const cdr = parseCdr(fixtureBytes('R-20600995805-01-F001-3.xml'));
    expect(cdr).toEqual({
      responseCode: '0',
      description: 'La Factura numero F001-00000001, ha sido aceptada',
      observations: [
        '4031 - Debe indicar el nombre comercial',
        '4001 - El numero de RUC del receptor no existe.',
      ],
      documentId: 'F001-1',
      documentType: null,
      issuerRuc: '20600995805',
      receiverDocument: '20587896411',
      issueDate: '2016-05-25',
      status: 'observed',
    });
  });

  it("reads an OSE's answer with default namespaces and padded identifiers", () => {
    expect(parseCdr(fixtureBytes('efact_cdr1.xml'))).toMatchObject({
      documentId: 'F001-1',
      documentType: '01',
      issuerRuc: '20000000001',
      receiverDocument: '20000000001',
      status: 'accepted',
    });
  });

  it('reads a processing error, which names the document only in ReferenceID', () => {
    expect(parseCdr(fixtureBytes('R-20600995805-01-F001-2.zip'))).toEqual({
      responseCode: '0109',
      description: 'El sistema no pudo procesar su solicitud',
      observations: [],
      documentId: 'F001-2',
      documentType: null,
      issuerRuc: null,
      receiverDocument: null,
      issueDate: null,
      status: 'error',
    });
  });

  it('decodes character references in observations', () => {
    const cdr = parseCdr(fixtureBytes('R-20220557805-01-F001-22Openubl.XML'));
    expect(cdr.observations[2]).toMatch(
      /^3030 - El XML no contiene el tag o no existe información/,
    );
  });
});

describe('parseCdr refuses', () => {
  it('a receipt sent as its CDR', () => {
    expect(refusal(encode(syntheticInvoice()))).toEqual({
      code: 'not_ubl',
      message: 'El archivo no es una constancia de recepción (CDR) de SUNAT.',
    });
  });

  it('an answer without response code', () => {
    expect(refusal(encode(syntheticCdr('')))).toEqual({
      code: 'missing_field',
      message: 'El CDR no indica su código de respuesta (cac:Response/cbc:ResponseCode).',
    });
  });

  it('an answer that does not name its document', () => {
    const xml = syntheticCdr('0')
      .replace('<cbc:ReferenceID>F001-123</cbc:ReferenceID>', '')
      .replace('<cac:DocumentReference><cbc:ID>F001-123</cbc:ID></cac:DocumentReference>', '');
    expect(refusal(encode(xml))).toEqual({
      code: 'missing_field',
      message: 'El CDR no indica a qué comprobante responde (cac:DocumentReference/cbc:ID).',
    });
  });

  it('input over the limit before unzipping it', () => {
    const zip = zipSync({ 'R-1.xml': encode(syntheticCdr('0')) });
    expect(() => parseCdr(zip, { maxBytes: zip.length - 1 })).toThrow(
      `El archivo supera el tamaño máximo de ${zip.length - 1} bytes.`,
    );
  });

  it('an XML inside the ZIP over the limit', () => {
    const xml = encode(syntheticCdr('0'));
    const zip = zipSync({ 'R-1.xml': xml });
    expect(zip.length).toBeLessThan(xml.length);
    expect(() => parseCdr(zip, { maxBytes: xml.length - 1 })).toThrow(
      new UblError('too_large', `El archivo supera el tamaño máximo de ${xml.length - 1} bytes.`),
    );
  });

  it('a DOCTYPE', () => {
    const xml = syntheticCdr('0').replace(
      '?>',
      '?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    );
    expect(refusal(encode(xml)).code).toBe('dtd_forbidden');
  });

  it('empty input', () => {
    expect(refusal(new Uint8Array(0))).toEqual({
      code: 'empty',
      message: 'El archivo está vacío.',
    });
  });
});
