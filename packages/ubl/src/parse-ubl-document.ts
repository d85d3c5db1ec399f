import { declaredReading, decodeXml, DEFAULT_MAX_BYTES } from './decode-xml.js';
import { documentKindOf, sunatDocumentKindOf, type UblDocumentKind } from './document-kind.js';
import { quoteValue } from './errors.js';
import { readAdditionalInformation } from './read-additional-information.js';
import {
  checkedCurrency,
  invalid,
  readId,
  readIssueDate,
  readIssueTime,
  readVersion,
} from './read-header.js';
import { readLines } from './read-lines.js';
import { readNotes } from './read-notes.js';
import { readCustomer, readIssuer } from './read-party.js';
import { readPayment } from './read-payment.js';
import { readNoteReference } from './read-reference.js';
import { readSignature } from './read-signature.js';
import { readDocumentTaxes } from './read-taxes.js';
import { readTotals } from './read-totals.js';
import { dateAt, missingField, requiredTextAt } from './read-values.js';
import { readWithholdingReceipt } from './read-withholding-receipt.js';
import type {
  ParseOptions,
  SignatureCheck,
  SignedSunatDocument,
  SignedUblDocument,
  SunatDocument,
  UblDocument,
  UblDocumentType,
} from './types.js';
import { verifyAcceptedXml, verifyCommonSignature } from './verify-signature.js';
import { XmlRecorder } from './xml-c14n.js';
import { attributeOf, first, textAt } from './xml-query.js';
import { DEFAULT_XML_LIMITS, parseXmlTree, type XmlElement } from './xml-tree.js';

const INVOICE_TYPES: readonly UblDocumentType[] = ['01', '03'];

function readType(root: XmlElement, kind: UblDocumentKind): UblDocumentType {
  if (kind === 'CreditNote') return '07';
  if (kind === 'DebitNote') return '08';
  const code = requiredTextAt(
    root,
    'cbc:InvoiceTypeCode',
    'Falta el tipo de comprobante (cbc:InvoiceTypeCode): 01 factura o 03 boleta.',
  );
  const type = INVOICE_TYPES.find((candidate) => candidate === code);
  if (type === undefined) {
    throw invalid(`El tipo de comprobante ${quoteValue(code)} no es 01 (factura) ni 03 (boleta).`);
  }
  return type;
}

/** `cbc:DocumentCurrencyCode`, or the currency of the total when the code is left out. */
function readCurrency(root: XmlElement): string {
  const currency =
    textAt(root, 'cbc:DocumentCurrencyCode') ??
    attributeOf(first(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount'), 'currencyID') ??
    attributeOf(first(root, 'cac:RequestedMonetaryTotal/cbc:PayableAmount'), 'currencyID');
  if (currency === null) throw missingField('Falta la moneda (cbc:DocumentCurrencyCode).');
  return checkedCurrency(currency);
}

/** Reads a receipt of a sale from its root element, required values first. */
function readDocument(root: XmlElement, kind: UblDocumentKind = documentKindOf(root)): UblDocument {
  const ublVersion = readVersion(root);
  const { id, series, number } = readId(root);
  const type = readType(root, kind);
  const issueDate = readIssueDate(root);
  const currency = readCurrency(root);
  const issuer = readIssuer(root);
  const customer = readCustomer(root);
  const totals = readTotals(root, kind);
  const additional = readAdditionalInformation(root);
  const notes = readNotes(root, additional);
  return {
    ublVersion,
    type,
    id,
    series,
    number,
    issueDate,
    issueTime: readIssueTime(root),
    dueDate: dateAt(root, 'cbc:DueDate'),
    currency,
    issuer,
    customer,
    totals,
    taxes: readDocumentTaxes(root, additional),
    lines: readLines(root, kind),
    notes,
    payment: readPayment(root, additional, notes),
    reference: kind === 'Invoice' ? null : readNoteReference(root),
    signature: readSignature(root),
  };
}

function readSunatDocument(root: XmlElement): SunatDocument {
  const kind = sunatDocumentKindOf(root);
  return kind === 'Retention' || kind === 'Perception'
    ? readWithholdingReceipt(root, kind)
    : readDocument(root, kind);
}

type Signed<T> = { document: T; signature: SignatureCheck };

function alternativeReadings(input: Uint8Array | string): string[] {
  const declared = declaredReading(input);
  return declared === null ? [] : [declared];
}

function parsed<T>(
  read: (root: XmlElement) => T,
  input: Uint8Array | string,
  options: ParseOptions | undefined,
): T {
  return read(parseXmlTree(decodeXml(input, options?.maxBytes ?? DEFAULT_MAX_BYTES)));
}

function parsedAndVerified<T extends SunatDocument>(
  read: (root: XmlElement) => T,
  input: Uint8Array | string,
  options: ParseOptions | undefined,
): Signed<T> {
  const text = decodeXml(input, options?.maxBytes ?? DEFAULT_MAX_BYTES);
  const recorder = new XmlRecorder();
  const document = read(parseXmlTree(text, DEFAULT_XML_LIMITS, recorder));
  return {
    document,
    signature: verifyAcceptedXml(
      text,
      document,
      () => alternativeReadings(input),
      recorder.recorded(),
    ),
  };
}

function parsedAndVerifiedIfCheap<T extends SunatDocument>(
  read: (root: XmlElement) => T,
  input: Uint8Array | string,
  options: ParseOptions | undefined,
): Signed<T> | null {
  const text = decodeXml(input, options?.maxBytes ?? DEFAULT_MAX_BYTES);
  const recorder = new XmlRecorder();
  const document = read(parseXmlTree(text, DEFAULT_XML_LIMITS, recorder));
  const signature = verifyCommonSignature(
    text,
    document,
    () => alternativeReadings(input),
    recorder.recorded(),
  );
  return signature === null ? null : { document, signature };
}

/**
 * Reads a SUNAT factura, boleta, nota de crédito or nota de débito (UBL 2.1
 * or 2.0). Bytes are decoded as they really are; a string is used as is.
 * Throws a UblError whose Spanish message tells the publisher what to fix.
 */
export function parseUblDocument(input: Uint8Array | string, options?: ParseOptions): UblDocument {
  return parsed(readDocument, input, options);
}

/**
 * Reads the document as `parseUblDocument` does and, once the reader has
 * accepted the XML, verifies its digital signature on the nodes the reader's
 * parse recorded. Only XML the reader accepted reaches the signature library.
 */
export function parseSignedUblDocument(
  input: Uint8Array | string,
  options?: ParseOptions,
): SignedUblDocument {
  return parsedAndVerified(readDocument, input, options);
}

/**
 * parseSignedUblDocument when the signature is in the common SUNAT shape, whose
 * check costs about one more reading of the XML; null when it would need the
 * general verifier, which costs ten to twenty: the caller then runs
 * parseSignedUblDocument where that time hurts no one.
 */
export function parseSignedUblDocumentIfCheap(
  input: Uint8Array | string,
  options?: ParseOptions,
): SignedUblDocument | null {
  return parsedAndVerifiedIfCheap(readDocument, input, options);
}

/**
 * parseUblDocument, also reading comprobantes de retención (20) and de
 * percepción (40). Tell them apart by `type`.
 */
export function parseSunatDocument(
  input: Uint8Array | string,
  options?: ParseOptions,
): SunatDocument {
  return parsed(readSunatDocument, input, options);
}

/** parseSignedUblDocument, also reading retention and perception receipts. */
export function parseSignedSunatDocument(
  input: Uint8Array | string,
  options?: ParseOptions,
): SignedSunatDocument {
  return parsedAndVerified(readSunatDocument, input, options);
}

/** parseSignedUblDocumentIfCheap, also reading retention and perception receipts. */
export function parseSignedSunatDocumentIfCheap(
  input: Uint8Array | string,
  options?: ParseOptions,
): SignedSunatDocument | null {
  return parsedAndVerifiedIfCheap(readSunatDocument, input, options);
}
