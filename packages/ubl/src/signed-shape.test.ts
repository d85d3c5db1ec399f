import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { fixtureBytes, fixtureLatin1 } from '../test/fixtures.js';
import { makeSigningKey } from '../test/signing-key.js';
import { documentBytes, fuzzParameters, mutatedDocument } from '../test/ubl-mutations.js';
import { decodeXml } from './decode-xml.js';
import { UblError } from './errors.js';
import { parseSignedUblDocument } from './parse-ubl-document.js';
import { readSignedShape, signedShapeHolds } from './signed-shape.js';
import { commonShapeOf } from './verify-signature.js';
import { C14N, C14N_WITH_COMMENTS, EXC_C14N, EXC_C14N_WITH_COMMENTS } from './xml-c14n.js';

const textOf = (name: string): string => decodeXml(fixtureBytes(name), 10_000_000);

function commonVerdict(text: string): boolean | null {
  const common = commonShapeOf(text);
  return common === null ? null : signedShapeHolds(common.shape, common.certificate.publicKey);
}

describe('the common shape decides the signed fixtures it covers', () => {
  it.each([
    '12345678912-08-F001-1.xml',
    '20100454523-01-F001-00004355.xml',
    '20100454523-03-B001-00003652.xml',
    '20100454523-07-FC01-00000211.xml',
    '20100454523-08-FD01-00000211.xml',
    '20305354563-03-B561-365900.xml',
    '20606433094-01-F001-3.xml',
    '20606433094-01-F001-4.xml',
    '20606433094-03-B001-1.xml',
    '20606433094-03-B001-2.xml',
    '20606433094-07-F001-1.xml',
  ])('%s holds without xml-crypto', (name) => {
    expect(commonVerdict(textOf(name))).toBe(true);
  });

  it.each([
    '12345678912-01-F001-1_alterado.xml',
    '20441053658-01-F001-2.xml',
    '20606433094-03-B001-3-negativos.xml',
  ])('%s does not hold, without xml-crypto either', (name) => {
    expect(commonVerdict(textOf(name))).toBe(false);
  });

  it.each([
    // Transform "#envelopedsignature", which no standard defines.
    '20600995805-03-B001-1.xml',
    '20600995805-08-F001-0005.xml',
    // An xml-stylesheet instruction before the root, which xml-crypto leaves out of the digest.
    '20603355519-01-E001-170.xml',
    '20644055519-07-E001-27.xml',
  ])('%s is left to xml-crypto', (name) => {
    expect(readSignedShape(textOf(name))).toBeNull();
  });

  it('leaves a signature wrapped twice to xml-crypto', () => {
    const original = fixtureLatin1('20606433094-01-F001-3.xml');
    const signature = /<(?:ds:)?Signature[ >][\s\S]*<\/(?:ds:)?Signature>/.exec(original)![0];
    expect(readSignedShape(original.replace(signature, `${signature}${signature}`))).toBeNull();
  });
});

describe('documents signed with each algorithm the common shape takes', () => {
  const { key: privateKey, cert: publicCert } = makeSigningKey('/CN=FIRMANTE DE PRUEBA', 30);
  const unsigned = fixtureLatin1('20606433094-01-F001-3.xml')
    .replace(/<(?:ds:)?Signature[ >][\s\S]*<\/(?:ds:)?Signature>/, '')
    .replace('<cbc:UBLVersionID>', '<!-- a comment the digest leaves out --><cbc:UBLVersionID>');

  function sign(
    signatureAlgorithm: string,
    digestAlgorithm: string,
    canonicalization: string,
    transform: string | null,
    prefixList: string[] = [],
  ): string {
    const signed = new SignedXml({
      privateKey,
      publicCert,
      signatureAlgorithm,
      canonicalizationAlgorithm: canonicalization,
      inclusiveNamespacesPrefixList: prefixList,
    });
    signed.addReference({
      xpath: '/*',
      uri: '',
      isEmptyUri: true,
      digestAlgorithm,
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        ...(transform === null ? [] : [transform]),
      ],
    });
    signed.computeSignature(unsigned, {
      prefix: 'ds',
      location: { reference: "//*[local-name()='ExtensionContent']", action: 'append' },
    });
    return signed.getSignedXml();
  }

  const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
  const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
  const RSA_SHA512 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512';
  const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
  const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
  const SHA512 = 'http://www.w3.org/2001/04/xmlenc#sha512';

  it.each([
    ['rsa-sha1, sha1, inclusive', RSA_SHA1, SHA1, C14N, null],
    ['rsa-sha256, sha256, inclusive', RSA_SHA256, SHA256, C14N, C14N],
    [
      'rsa-sha512, sha512, inclusive with comments',
      RSA_SHA512,
      SHA512,
      C14N_WITH_COMMENTS,
      C14N_WITH_COMMENTS,
    ],
    ['rsa-sha256, sha256, exclusive', RSA_SHA256, SHA256, EXC_C14N, EXC_C14N],
    [
      'rsa-sha256, sha1, exclusive with comments',
      RSA_SHA256,
      SHA1,
      EXC_C14N_WITH_COMMENTS,
      EXC_C14N_WITH_COMMENTS,
    ],
  ] as const)('%s', (_, signatureAlgorithm, digestAlgorithm, canonicalization, transform) => {
    const xml = sign(signatureAlgorithm, digestAlgorithm, canonicalization, transform);
    expect(commonVerdict(xml)).toBe(true);
    expect(parseSignedUblDocument(xml).signature.status).toBe('valida');
    const altered = xml.replace('>1180.00<', '>1180.01<');
    expect(commonVerdict(altered)).toBe(false);
    expect(parseSignedUblDocument(altered).signature.status).toBe('invalida');
  });

  it('exclusive with a PrefixList on SignedInfo', () => {
    const xml = sign(RSA_SHA256, SHA256, EXC_C14N, EXC_C14N, ['cbc', 'cac']);
    expect(xml).toContain('PrefixList="cbc cac"');
    expect(commonVerdict(xml)).toBe(true);
  });
});

describe('robustness', () => {
  const signed = [
    '20606433094-01-F001-3.xml',
    '20100454523-01-F001-00004355.xml',
    '12345678912-08-F001-1.xml',
  ].map(fixtureLatin1);

  it('reading the shape never throws, whatever the text', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.oneof(mutatedDocument(signed), fc.string()), (text) => {
        const shape = readSignedShape(text);
        if (shape !== null) expect(typeof shape.referenced).toBe('string');
      }),
      fuzzParameters('signed shape fuzz', 500),
    );
  });

  it(
    'verification answers a status or the reader refuses, never another error',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(mutatedDocument(signed), (text) => {
          try {
            const { signature } = parseSignedUblDocument(documentBytes(text));
            expect(['valida', 'invalida', 'ausente']).toContain(signature.status);
          } catch (error) {
            if (!(error instanceof UblError)) throw error;
          }
        }),
        fuzzParameters('signature verification fuzz', 300),
      );
    },
  );
});
