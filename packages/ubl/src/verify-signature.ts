import { DOMParser } from '@xmldom/xmldom';
import { X509Certificate } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { isValidRuc } from './identifiers.js';
import { readSignedShape, signedShapeHolds, type SignedShape } from './signed-shape.js';
import type { SignatureCheck, UblDocument } from './types.js';
import type { RecordedXml } from './xml-c14n.js';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const UBL_EXTENSIONS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';

const ABSENT: SignatureCheck = {
  status: 'ausente',
  signerName: null,
  signerRuc: null,
  validFrom: null,
  validTo: null,
  issuedWithinValidity: null,
};

function childText(parent: Element, local: string): string | null {
  const element = parent.getElementsByTagNameNS(DSIG, local)[0];
  const text = element?.textContent?.replace(/\s+/g, '') ?? '';
  return text === '' ? null : text;
}

function isExtensionContent(node: Node | null): boolean {
  const element = node as Element | null;
  return element?.namespaceURI === UBL_EXTENSIONS && element.localName === 'ExtensionContent';
}

function parseQuietly(text: string): Document | null {
  let wellFormed = true;
  const dom = new DOMParser({
    errorHandler: { error: () => (wellFormed = false), fatalError: () => (wellFormed = false) },
  }).parseFromString(text, 'text/xml');
  return wellFormed ? dom : null;
}

const SIGNATURE_START = /<((?:[A-Za-z_][\w.-]*:)?)Signature[\s>]/g;
const AFTER_EXTENSION_CONTENT = /<(?:[A-Za-z_][\w.-]*:)?ExtensionContent(?:\s[^>]*)?>\s*$/;

/**
 * The signature element alone, cut from the text and parsed on its own: a DOM
 * of the whole document costs as much as xml-crypto's own, which it builds
 * anyway. Only the common shape is taken this way (the element right inside
 * ExtensionContent, parseable with its prefix bound to XMLDSig); anything
 * else is left to the whole-document search. xml-crypto then finds this
 * signature in its own parse of the document by its value, and checks that one.
 */
function signatureFragment(text: string): Element | null {
  for (const match of text.matchAll(SIGNATURE_START)) {
    const prefix = match[1]!;
    const start = match.index;
    if (!AFTER_EXTENSION_CONTENT.test(text.slice(Math.max(0, start - 300), start))) continue;
    const close = `</${prefix}Signature>`;
    const end = text.indexOf(close, start);
    if (end < 0) continue;
    const binding = prefix === '' ? 'xmlns' : `xmlns:${prefix.slice(0, -1)}`;
    const wrapper = parseQuietly(
      `<w ${binding}="${DSIG}">${text.slice(start, end + close.length)}</w>`,
    );
    const signature = wrapper?.documentElement?.getElementsByTagNameNS(DSIG, 'Signature')[0];
    if (signature !== undefined && childText(signature, 'SignatureValue') !== null) {
      return signature;
    }
  }
  return null;
}

/**
 * The signature SUNAT asks for: a ds:Signature with a value inside a UBL
 * extension, the same one the reader reports as present.
 */
function documentSignature(text: string): Element | 'unreadable' | null {
  const fragment = signatureFragment(text);
  if (fragment !== null) return fragment;
  const dom = parseQuietly(text);
  if (dom === null) return 'unreadable';
  const signatures = Array.from(dom.getElementsByTagNameNS(DSIG, 'Signature'));
  return (
    signatures.find(
      (signature) =>
        isExtensionContent(signature.parentNode) && childText(signature, 'SignatureValue') !== null,
    ) ?? null
  );
}

/** Subject attributes, as node:crypto lists them one per line ("CN=…"). */
function subjectFields(subject: string): [string, string][] {
  return subject.split('\n').flatMap((line) => {
    const equals = line.indexOf('=');
    return equals <= 0 ? [] : [[line.slice(0, equals), line.slice(equals + 1)] as [string, string]];
  });
}

/**
 * Peruvian certificates carry the RUC in different attributes (OU, serial
 * number, organization identifier, even inside the common name); a number
 * counts only if its check digit is right.
 */
function rucOf(fields: [string, string][]): string | null {
  for (const [, value] of fields) {
    for (const candidate of value.match(/\d{11}/g) ?? []) {
      if (isValidRuc(candidate)) return candidate;
    }
  }
  return null;
}

function signerOf(fields: [string, string][]): string | null {
  const named = (key: string) => fields.find(([field]) => field === key)?.[1].trim() || null;
  return named('CN') ?? named('O');
}

function isoDate(text: string): string | null {
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

// An issuer signs every document with the same certificate, and reading one
// costs as much as checking the rest of the signature.
const CERTIFICATES = new Map<string, X509Certificate | null>();
const CERTIFICATES_KEPT = 64;

function certificateFrom(base64: string | null): X509Certificate | null {
  if (base64 === null || base64 === '') return null;
  const known = CERTIFICATES.get(base64);
  if (known !== undefined) return known;
  let certificate: X509Certificate | null;
  try {
    certificate = new X509Certificate(Buffer.from(base64, 'base64'));
  } catch {
    // Not a certificate (placeholder text, truncated base64): nothing to verify against.
    certificate = null;
  }
  if (CERTIFICATES.size >= CERTIFICATES_KEPT) {
    CERTIFICATES.delete(CERTIFICATES.keys().next().value!);
  }
  CERTIFICATES.set(base64, certificate);
  return certificate;
}

/** Digests and signature value both verify against the embedded certificate. */
function signatureHolds(text: string, signature: Element, certificate: X509Certificate): boolean {
  try {
    const signed = new SignedXml({ publicCert: certificate.toString() });
    signed.loadSignature(signature);
    return signed.checkSignature(text);
  } catch {
    // xml-crypto throws for a wrong signature value, an unknown algorithm or a
    // wrapped signature alike: each means the signature does not hold.
    return false;
  }
}

type Signer = Pick<SignatureCheck, 'signerName' | 'signerRuc' | 'validFrom' | 'validTo'>;
const SIGNERS = new WeakMap<X509Certificate, Signer>();

function signerFrom(certificate: X509Certificate | null): Signer {
  if (certificate === null) return ABSENT;
  let signer = SIGNERS.get(certificate);
  if (signer === undefined) {
    const fields = subjectFields(certificate.subject);
    signer = {
      signerName: signerOf(fields),
      signerRuc: rucOf(fields),
      validFrom: isoDate(certificate.validFrom),
      validTo: isoDate(certificate.validTo),
    };
    SIGNERS.set(certificate, signer);
  }
  return signer;
}

function checkOf(
  holds: boolean,
  certificate: X509Certificate | null,
  issueDate: string,
): SignatureCheck {
  const { signerName, signerRuc, validFrom, validTo } = signerFrom(certificate);
  return {
    status: holds ? 'valida' : 'invalida',
    signerName,
    signerRuc,
    validFrom,
    validTo,
    issuedWithinValidity:
      validFrom === null || validTo === null
        ? null
        : issueDate >= validFrom.slice(0, 10) && issueDate <= validTo.slice(0, 10),
  };
}

/** What xml-crypto says of a signature outside the common shape. */
function libraryCheck(
  text: string,
  issueDate: string,
  alternatives: readonly string[],
): SignatureCheck {
  const signature = documentSignature(text);
  if (signature === null) return ABSENT;
  // The reader accepted what xmldom would not: the signature cannot be checked.
  if (signature === 'unreadable') return { ...ABSENT, status: 'invalida' };
  const certificate = certificateFrom(childText(signature, 'X509Certificate'));
  const holds =
    certificate !== null &&
    [text, ...alternatives].some((candidate) => signatureHolds(candidate, signature, certificate));
  return checkOf(holds, certificate, issueDate);
}

/**
 * The signature in the common shape with the RSA certificate it embeds; null
 * for a document outside that shape or a certificate that is no RSA one, which
 * xml-crypto checks instead.
 */
export function commonShapeOf(
  text: string,
  recorded?: RecordedXml,
): { shape: SignedShape; certificate: X509Certificate } | null {
  const shape = readSignedShape(text, recorded);
  const certificate = shape === null ? null : certificateFrom(shape.certificate);
  if (shape === null || certificate?.publicKey.asymmetricKeyType !== 'rsa') return null;
  return { shape, certificate };
}

/**
 * The check of a signature in the common shape, done with node:crypto on one
 * parse of the text; null when the document, or one of its `alternatives`, is
 * outside that shape and needs xml-crypto, which builds a DOM and queries it
 * with XPath at many times the cost. Same contract as verifyAcceptedXml;
 * `recorded` is the reader's parse of `text`, when it kept one.
 */
export function verifyCommonSignature(
  text: string,
  document: Pick<UblDocument, 'issueDate' | 'signature'>,
  alternatives: () => readonly string[] = () => [],
  recorded?: RecordedXml,
): SignatureCheck | null {
  if (!document.signature.present) return ABSENT;
  const common = commonShapeOf(text, recorded);
  if (common === null) return null;
  const key = common.certificate.publicKey;
  let holds = signedShapeHolds(common.shape, key);
  if (!holds) {
    for (const candidate of alternatives()) {
      const other = readSignedShape(candidate);
      if (other === null) return null;
      holds = signedShapeHolds(other, key);
      if (holds) break;
    }
  }
  return checkOf(holds, common.certificate, document.issueDate);
}

/**
 * Checks the enveloped signature of XML text the reader has already accepted
 * (no DTD, no entities, within size): never call it on anything else. The
 * certificate is the one embedded in the document; whether a certification
 * authority vouches for it is not asked here. `document` is what the reader
 * read from `text`. `alternatives` gives other decodings of the same bytes,
 * asked for only when the first does not verify.
 * `recorded` is the reader's parse of `text`, when it kept one.
 */
export function verifyAcceptedXml(
  text: string,
  document: Pick<UblDocument, 'issueDate' | 'signature'>,
  alternatives: () => readonly string[] = () => [],
  recorded?: RecordedXml,
): SignatureCheck {
  return (
    verifyCommonSignature(text, document, alternatives, recorded) ??
    libraryCheck(text, document.issueDate, alternatives())
  );
}
