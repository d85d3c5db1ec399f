import { assertWithinSize, decodeXml, DEFAULT_MAX_BYTES } from './decode-xml.js';
import { UblError } from './errors.js';
import { UBL_ROOT_NAMESPACES } from './namespaces.js';
import { dateAt, requiredTextAt } from './read-values.js';
import type { CdrInfo, ParseOptions } from './types.js';
import { unzipCdrXml } from './unzip-cdr.js';
import { all, first, textAt, textOf } from './xml-query.js';
import { parseXmlTree, type XmlElement } from './xml-tree.js';

const ZIP_SIGNATURE = [0x50, 0x4b] as const;

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === ZIP_SIGNATURE[0] && bytes[1] === ZIP_SIGNATURE[1];
}

/**
 * Catalogue of SUNAT answer codes: 0 accepted, 2000–3999 rejected, 4000 and
 * above accepted with observations, anything else (0100–1999: the service
 * failed) an error. An accepted answer that lists observations in `cbc:Note`
 * is "aceptada con observaciones" too, which is how SUNAT usually sends them.
 */
function statusOf(responseCode: string, observations: readonly string[]): CdrInfo['status'] {
  if (!/^\d+$/.test(responseCode)) return 'error';
  const code = Number(responseCode);
  if (code === 0) return observations.length > 0 ? 'observed' : 'accepted';
  if (code >= 2000 && code <= 3999) return 'rejected';
  if (code >= 4000) return 'observed';
  return 'error';
}

/** The identifier of a party: `PartyIdentification/ID` (SUNAT) or `PartyLegalEntity/CompanyID` (OSEs). */
function partyId(party: XmlElement | null): string | null {
  return (
    textAt(party, 'cac:PartyIdentification/cbc:ID') ??
    textAt(party, 'cac:PartyLegalEntity/cbc:CompanyID')
  );
}

/** "6-20587896411" → "20587896411": SUNAT prefixes the receiver's number with its catalogue 06 type. */
function withoutDocumentType(id: string | null): string | null {
  return id?.replace(/^[0-9A-Z-]-(?=\S)/, '') ?? null;
}

function readCdr(root: XmlElement): CdrInfo {
  if (
    root.local !== 'ApplicationResponse' ||
    root.uri !== UBL_ROOT_NAMESPACES.ApplicationResponse
  ) {
    throw new UblError('not_ubl', 'El archivo no es una constancia de recepción (CDR) de SUNAT.');
  }
  const documentResponse = first(root, 'cac:DocumentResponse');
  const response = first(documentResponse, 'cac:Response');
  const responseCode = requiredTextAt(
    response,
    'cbc:ResponseCode',
    'El CDR no indica su código de respuesta (cac:Response/cbc:ResponseCode).',
  );
  const documentId =
    textAt(documentResponse, 'cac:DocumentReference/cbc:ID') ??
    requiredTextAt(
      response,
      'cbc:ReferenceID',
      'El CDR no indica a qué comprobante responde (cac:DocumentReference/cbc:ID).',
    );
  const observations = all(root, 'cbc:Note')
    .map(textOf)
    .filter((text) => text !== null);
  return {
    responseCode,
    description: textAt(response, 'cbc:Description') ?? '',
    observations,
    documentId,
    documentType: textAt(documentResponse, 'cac:DocumentReference/cbc:DocumentTypeCode'),
    // The CDR is addressed to whoever sent the document, that is its issuer.
    issuerRuc: partyId(first(root, 'cac:ReceiverParty')),
    receiverDocument: withoutDocumentType(partyId(first(documentResponse, 'cac:RecipientParty'))),
    issueDate: dateAt(root, 'cbc:IssueDate'),
    status: statusOf(responseCode, observations),
  };
}

/**
 * Reads SUNAT's (or an OSE's) answer to a document: a CDR ZIP or its bare
 * `ApplicationResponse` XML. Throws a UblError with a Spanish message.
 */
export function parseCdr(input: Uint8Array, options?: ParseOptions): CdrInfo {
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_BYTES;
  assertWithinSize(input.byteLength, maxBytes);
  const text = decodeXml(isZip(input) ? unzipCdrXml(input) : input, maxBytes);
  return readCdr(parseXmlTree(text));
}
