import { createHash, verify, type KeyObject } from 'node:crypto';
import {
  ancestorsOf,
  C14N,
  canonicalizeDocument,
  canonicalizeElement,
  EXC_C14N,
  EXC_C14N_WITH_COMMENTS,
  isC14nAlgorithm,
  recordXml,
  type C14nAlgorithm,
  type OpenEvent,
  type RecordedXml,
} from './xml-c14n.js';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const UBL_EXTENSIONS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
const ENVELOPED = `${DSIG}enveloped-signature`;

const DIGESTS: Readonly<Record<string, string>> = {
  [`${DSIG}sha1`]: 'sha1',
  'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512': 'sha512',
};

const RSA_SIGNATURES: Readonly<Record<string, string>> = {
  [`${DSIG}rsa-sha1`]: 'sha1',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512': 'sha512',
};

/**
 * The enveloped signature in the shape SUNAT documents carry, read from one
 * parse of the document, with the two canonical forms the check hashes.
 */
export interface SignedShape {
  /** Canonical document without its signature, as the reference's transforms leave it. */
  readonly referenced: string;
  readonly digestAlgorithm: string;
  readonly digestValue: string;
  readonly signedInfo: string;
  readonly signatureAlgorithm: string;
  readonly signatureValue: string;
  /** Base64 DER of the one embedded certificate. */
  readonly certificate: string;
}

function isDsig(event: OpenEvent, local: string): boolean {
  return event.uri === DSIG && event.local === local;
}

function attribute(event: OpenEvent, name: string): string | undefined {
  return event.attributes.find((candidate) => candidate.prefix === '' && candidate.local === name)
    ?.value;
}

/** Children of an element and the text directly inside it, comments left out. */
function contentOf(xml: RecordedXml, open: number): { children: number[]; text: string } {
  const children: number[] = [];
  let text = '';
  const parent = xml.events[open] as OpenEvent;
  for (let index = open + 1; index < parent.close; index++) {
    const event = xml.events[index]!;
    if (event.kind === 'open') {
      children.push(index);
      index = event.close;
    } else if (event.kind === 'text') {
      text += event.text;
    }
  }
  return { children, text };
}

const BLANKS = /\s+/g;

/**
 * A C14N transform or canonicalization method: its algorithm and, for the
 * exclusive ones, the PrefixList of its only possible child.
 */
function c14nMethod(
  xml: RecordedXml,
  open: number,
): { algorithm: C14nAlgorithm; prefixList: string[] } | null {
  const event = xml.events[open] as OpenEvent;
  const algorithm = attribute(event, 'Algorithm');
  if (algorithm === undefined || !isC14nAlgorithm(algorithm)) return null;
  const { children } = contentOf(xml, open);
  if (children.length === 0) return { algorithm, prefixList: [] };
  const child = xml.events[children[0]!] as OpenEvent;
  if (
    children.length > 1 ||
    (algorithm !== EXC_C14N && algorithm !== EXC_C14N_WITH_COMMENTS) ||
    child.uri !== EXC_C14N ||
    child.local !== 'InclusiveNamespaces' ||
    contentOf(xml, children[0]!).children.length > 0
  ) {
    return null;
  }
  const list = attribute(child, 'PrefixList') ?? '';
  return { algorithm, prefixList: list.split(/[ \t\r\n]+/).filter((prefix) => prefix !== '') };
}

/** The only child elements allowed, in order, each a DSig element; null if others are there. */
function dsigChildren(xml: RecordedXml, open: number, locals: readonly string[]): number[] | null {
  const { children } = contentOf(xml, open);
  const named = children.map((index) => xml.events[index] as OpenEvent);
  if (named.some((child) => child.uri !== DSIG || !locals.includes(child.local))) return null;
  return children;
}

/**
 * Reads the signature of a document in the common shape: one ds:Signature in
 * the document, right inside a UBL ExtensionContent, signing the whole document
 * by one Reference URI="" whose transforms are the enveloped signature and at
 * most one C14N, with known digest and RSA signature algorithms and one
 * certificate. Null for anything else, and for text that does not parse: that
 * is left to the general verifier. `text` must have been accepted by the reader;
 * `recorded` is its parse when the reader already made it.
 */
export function readSignedShape(text: string, recorded?: RecordedXml): SignedShape | null {
  let xml: RecordedXml;
  try {
    xml = recorded ?? recordXml(text);
  } catch {
    return null;
  }
  if (xml.paddedNamespace) return null;
  let signature = -1;
  for (let index = 0; index < xml.events.length; index++) {
    const event = xml.events[index]!;
    // A processing instruction is where the general verifier and C14N part ways.
    if (event.kind === 'pi') return null;
    if (event.kind !== 'open') continue;
    if (event.declarations.some(([prefix]) => prefix === 'xml')) return null;
    if (isDsig(event, 'Signature')) {
      if (signature >= 0) return null;
      signature = index;
    }
  }
  if (signature < 0) return null;
  const signatureEvent = xml.events[signature] as OpenEvent;
  const container = xml.events[signatureEvent.parent] as OpenEvent | undefined;
  if (container?.uri !== UBL_EXTENSIONS || container.local !== 'ExtensionContent') return null;

  const parts = dsigChildren(xml, signature, ['SignedInfo', 'SignatureValue', 'KeyInfo']);
  if (parts === null) return null;
  const signedInfos = parts.filter((index) => isDsig(xml.events[index] as OpenEvent, 'SignedInfo'));
  const values = parts.filter((index) => isDsig(xml.events[index] as OpenEvent, 'SignatureValue'));
  if (signedInfos.length !== 1 || values.length !== 1) return null;
  const signedInfo = signedInfos[0]!;
  const signatureValue = contentOf(xml, values[0]!).text.replace(BLANKS, '');
  if (signatureValue === '') return null;

  const certificates: number[] = [];
  for (let index = signature; index < signatureEvent.close; index++) {
    const event = xml.events[index]!;
    if (event.kind === 'open' && isDsig(event, 'X509Certificate')) certificates.push(index);
  }
  if (certificates.length !== 1) return null;
  const certificate = contentOf(xml, certificates[0]!).text.replace(BLANKS, '');

  const info = dsigChildren(xml, signedInfo, [
    'CanonicalizationMethod',
    'SignatureMethod',
    'Reference',
  ]);
  if (info?.length !== 3) return null;
  const [methodIndex, signatureMethodIndex, referenceIndex] = info as [number, number, number];
  const [method, signatureMethod, reference] = info.map(
    (index) => xml.events[index] as OpenEvent,
  ) as [OpenEvent, OpenEvent, OpenEvent];
  if (
    method.local !== 'CanonicalizationMethod' ||
    signatureMethod.local !== 'SignatureMethod' ||
    reference.local !== 'Reference' ||
    contentOf(xml, signatureMethodIndex).children.length > 0
  ) {
    return null;
  }
  const canonicalization = c14nMethod(xml, methodIndex);
  const signatureAlgorithm = attribute(signatureMethod, 'Algorithm');
  if (canonicalization === null || signatureAlgorithm === undefined) return null;
  if (RSA_SIGNATURES[signatureAlgorithm] === undefined) return null;
  if (attribute(reference, 'URI') !== '') return null;

  const referenceParts = dsigChildren(xml, referenceIndex, [
    'Transforms',
    'DigestMethod',
    'DigestValue',
  ]);
  if (referenceParts?.length !== 3) return null;
  const [transformsIndex, digestMethodIndex, digestValueIndex] = referenceParts as [
    number,
    number,
    number,
  ];
  const [transforms, digestMethod, digestValueEvent] = referenceParts.map(
    (index) => xml.events[index] as OpenEvent,
  ) as [OpenEvent, OpenEvent, OpenEvent];
  if (
    transforms.local !== 'Transforms' ||
    digestMethod.local !== 'DigestMethod' ||
    digestValueEvent.local !== 'DigestValue' ||
    contentOf(xml, digestMethodIndex).children.length > 0 ||
    contentOf(xml, digestValueIndex).children.length > 0
  ) {
    return null;
  }
  const digestAlgorithm = attribute(digestMethod, 'Algorithm');
  if (digestAlgorithm === undefined || DIGESTS[digestAlgorithm] === undefined) return null;
  const digestValue = contentOf(xml, digestValueIndex).text.replace(BLANKS, '');

  const steps = dsigChildren(xml, transformsIndex, ['Transform']);
  if (steps === null || steps.length < 1 || steps.length > 2) return null;
  const enveloped = xml.events[steps[0]!] as OpenEvent;
  if (
    attribute(enveloped, 'Algorithm') !== ENVELOPED ||
    contentOf(xml, steps[0]!).children.length > 0
  ) {
    return null;
  }
  const transform = steps.length === 2 ? c14nMethod(xml, steps[1]!) : null;
  if (steps.length === 2 && transform === null) return null;

  // The general verifier does not carry an ancestor's xml:* attributes onto SignedInfo.
  const inclusive =
    canonicalization.algorithm !== EXC_C14N &&
    canonicalization.algorithm !== EXC_C14N_WITH_COMMENTS;
  if (
    inclusive &&
    ancestorsOf(xml, signedInfo).some((ancestor) =>
      ancestor.attributes.some((candidate) => candidate.prefix === 'xml'),
    )
  ) {
    return null;
  }
  // Nor does it output comments inside SignedInfo as C14N does.
  const signedInfoEvent = xml.events[signedInfo] as OpenEvent;
  for (let index = signedInfo; index < signedInfoEvent.close; index++) {
    if (xml.events[index]!.kind === 'comment') return null;
  }

  return {
    // A same-document reference leaves comments out whatever the transform says.
    referenced: canonicalizeDocument(xml, {
      algorithm: transform?.algorithm ?? C14N,
      prefixList: transform?.prefixList ?? [],
      comments: false,
      omit: signature,
    }),
    digestAlgorithm,
    digestValue,
    signedInfo: canonicalizeElement(xml, signedInfo, {
      algorithm: canonicalization.algorithm,
      prefixList: canonicalization.prefixList,
    }),
    signatureAlgorithm,
    signatureValue,
    certificate,
  };
}

/** Digest and signature value both verify against the certificate's RSA key. */
export function signedShapeHolds(shape: SignedShape, key: KeyObject): boolean {
  const digest = createHash(DIGESTS[shape.digestAlgorithm]!)
    .update(shape.referenced, 'utf8')
    .digest();
  if (!digest.equals(Buffer.from(shape.digestValue, 'base64'))) return false;
  try {
    return verify(
      RSA_SIGNATURES[shape.signatureAlgorithm],
      Buffer.from(shape.signedInfo, 'utf8'),
      key,
      Buffer.from(shape.signatureValue, 'base64'),
    );
  } catch {
    // A key that is not RSA, or a value of the wrong length: the signature does not hold.
    return false;
  }
}
