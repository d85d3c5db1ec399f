import { describe, expect, it } from 'vitest';
import { fixtureBytes, fixtureLatin1, latin1Bytes, readManifest } from '../test/fixtures.js';
import { UblError } from './errors.js';
import { parseSignedUblDocument } from './parse-ubl-document.js';
import type { SignatureStatus } from './types.js';

/**
 * What each signed sample of MANIFEST.tsv that the reader admits verifies to,
 * checked on the original bytes. The invalid ones are explained beside them.
 */
const SIGNED_SAMPLES: Readonly<Record<string, SignatureStatus>> = {
  '12345678912-08-F001-1.xml': 'valida',
  '20100454523-01-F001-00004355.xml': 'valida',
  '20100454523-03-B001-00003652.xml': 'valida',
  '20100454523-07-FC01-00000211.xml': 'valida',
  '20100454523-08-FD01-00000211.xml': 'valida',
  '20305354563-03-B561-365900.xml': 'valida',
  '20606433094-01-F001-3.xml': 'valida',
  '20606433094-01-F001-4.xml': 'valida',
  '20606433094-03-B001-1.xml': 'valida',
  '20606433094-03-B001-2.xml': 'valida',
  '20606433094-07-F001-1.xml': 'valida',
  // Its source says so: content altered after signing.
  '12345678912-01-F001-1_alterado.xml': 'invalida',
  // Code values re-indented after signing.
  '20441053658-01-F001-2.xml': 'invalida',
  // Portal samples edited after signing (the number no longer matches the file name).
  '20603355519-01-E001-170.xml': 'invalida',
  '20644055519-07-E001-27.xml': 'invalida',
  // Signed with a transform URI no standard defines ("#envelopedsignature").
  '20600995805-03-B001-1.xml': 'invalida',
  '20600995805-08-F001-0005.xml': 'invalida',
  // Derived for the negative-amounts tests: amounts changed after signing.
  '20606433094-03-B001-3-negativos.xml': 'invalida',
};

const READER_REFUSES = new Set(['cdr', 'retention']);

describe('signed samples of the manifest', () => {
  const signed = readManifest().filter(
    (row) => row.signed === 'yes' && !/^R-/.test(row.file!) && !/-20-/.test(row.file!),
  );

  it('lists every signed document the reader admits', () => {
    expect(signed.filter((row) => !READER_REFUSES.has(row.kind!)).map((row) => row.file)).toEqual(
      expect.arrayContaining(Object.keys(SIGNED_SAMPLES)),
    );
    expect(signed).toHaveLength(Object.keys(SIGNED_SAMPLES).length);
  });

  it.each(Object.entries(SIGNED_SAMPLES))('%s → %s', (file, status) => {
    expect(parseSignedUblDocument(fixtureBytes(file)).signature.status).toBe(status);
  });

  it('names the signer, the RUC and the validity from the certificate', () => {
    const { signature } = parseSignedUblDocument(fixtureBytes('20305354563-03-B561-365900.xml'));
    expect(signature).toEqual({
      status: 'valida',
      signerName: 'Patricio Lazarte Palao',
      signerRuc: '20305354563',
      validFrom: '2015-05-25T22:23:15.000Z',
      validTo: '2018-05-24T22:23:15.000Z',
      issuedWithinValidity: true,
    });
  });

  it('says when the document was issued after the certificate expired', () => {
    const { signature } = parseSignedUblDocument(fixtureBytes('20606433094-01-F001-3.xml'));
    expect(signature.signerRuc).toBe('20606433094');
    expect(signature.issuedWithinValidity).toBe(true);
    const late = fixtureLatin1('20606433094-01-F001-3.xml').replace(
      /<cbc:IssueDate>2024-11-25</,
      '<cbc:IssueDate>2027-01-05<',
    );
    expect(parseSignedUblDocument(latin1Bytes(late)).signature).toMatchObject({
      status: 'invalida',
      issuedWithinValidity: false,
    });
  });
});

describe('altered documents', () => {
  const original = fixtureLatin1('20606433094-01-F001-3.xml');

  it('one byte of an amount changed → invalida', () => {
    const altered = original.replace(
      '<cbc:PayableAmount currencyID="PEN">1180.00<',
      '<cbc:PayableAmount currencyID="PEN">1180.01<',
    );
    expect(altered).not.toBe(original);
    expect(parseSignedUblDocument(latin1Bytes(altered)).signature.status).toBe('invalida');
  });

  it('signature element removed → ausente', () => {
    const unsigned = original.replace(/<(?:ds:)?Signature[ >][\s\S]*<\/(?:ds:)?Signature>/, '');
    expect(unsigned).not.toBe(original);
    expect(parseSignedUblDocument(latin1Bytes(unsigned)).signature).toEqual({
      status: 'ausente',
      signerName: null,
      signerRuc: null,
      validFrom: null,
      validTo: null,
      issuedWithinValidity: null,
    });
  });

  it('signature value replaced → invalida', () => {
    const forged = original.replace(
      /<(?:ds:)?SignatureValue>\s*[^<\s]{8}/,
      (match) => `${match.slice(0, -8)}AAAAAAAA`,
    );
    expect(parseSignedUblDocument(latin1Bytes(forged)).signature.status).toBe('invalida');
  });

  it('certificate that is not one → invalida, without a signer', () => {
    const broken = original.replace(
      /<((?:ds:)?X509Certificate)>[^<]*</,
      '<$1>bm90IGEgY2VydGlmaWNhdGU=<',
    );
    expect(parseSignedUblDocument(latin1Bytes(broken)).signature).toMatchObject({
      status: 'invalida',
      signerName: null,
    });
  });

  it('an empty signature element is no signature', () => {
    expect(parseSignedUblDocument(fixtureBytes('20000000001-07-F001-1.xml')).signature.status).toBe(
      'ausente',
    );
  });
});

describe('encodings', () => {
  const latin1File = '20100454523-01-F001-00004355.xml';

  it('ISO-8859-1 bytes with accented letters verify', () => {
    expect(fixtureBytes(latin1File).some((byte) => byte >= 0x80)).toBe(true);
    expect(parseSignedUblDocument(fixtureBytes(latin1File)).signature.status).toBe('valida');
  });

  it('the same text re-encoded as UTF-8 with a byte order mark still verifies', () => {
    const utf8 = new TextEncoder().encode(`\uFEFF${fixtureLatin1(latin1File)}`);
    expect(parseSignedUblDocument(utf8).signature.status).toBe('valida');
  });

  it('UTF-8 bytes under an ISO-8859-1 declaration verify whichever reading was signed', () => {
    const utf8 = new TextEncoder().encode(fixtureLatin1(latin1File));
    expect(parseSignedUblDocument(utf8).signature.status).toBe('valida');
  });
});

describe('hostile input', () => {
  it('is refused by the reader before any signature check', () => {
    const withEntity = fixtureLatin1('20606433094-01-F001-3.xml').replace(
      '<Invoice',
      '<!DOCTYPE Invoice [<!ENTITY x "x">]><Invoice',
    );
    expect(() => parseSignedUblDocument(latin1Bytes(withEntity))).toThrow(UblError);
  });

  it('a signature wrapped twice never verifies and never throws', () => {
    const original = fixtureLatin1('20606433094-01-F001-3.xml');
    const signature = /<(?:ds:)?Signature[ >][\s\S]*<\/(?:ds:)?Signature>/.exec(original)![0];
    const doubled = original.replace(signature, `${signature}${signature}`);
    expect(parseSignedUblDocument(latin1Bytes(doubled)).signature.status).toBe('invalida');
  });
});
