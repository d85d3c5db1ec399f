import { declaredReading, decodeXml, DEFAULT_MAX_BYTES } from './decode-xml.js';
import { documentKindOf, type UblDocumentKind } from './document-kind.js';
import { quoteValue, UblError } from './errors.js';
import { isValidSeries, parseSeriesNumber, type SeriesNumber } from './identifiers.js';
import { readAdditionalInformation } from './read-additional-information.js';
import { readLines } from './read-lines.js';
import { readNotes } from './read-notes.js';
import { readCustomer, readIssuer } from './read-party.js';
import { readPayment } from './read-payment.js';
import { readNoteReference } from './read-reference.js';
import { readSignature } from './read-signature.js';
import { readDocumentTaxes } from './read-taxes.js';
import { readTotals } from './read-totals.js';
import { dateAt, missingField, requiredTextAt } from './read-values.js';
import type {
  ParseOptions,
  SignedUblDocument,
  UblDocument,
  UblDocumentType,
  UblVersion,
} from './types.js';
import { verifyAcceptedXml, verifyCommonSignature } from './verify-signature.js';
import { XmlRecorder } from './xml-c14n.js';
import { attributeOf, first, textAt } from './xml-query.js';
import { DEFAULT_XML_LIMITS, parseXmlTree, type XmlElement } from './xml-tree.js';

const UBL_VERSIONS: readonly UblVersion[] = ['2.0', '2.1'];
const INVOICE_TYPES: readonly UblDocumentType[] = ['01', '03'];
const CURRENCY = /^[A-Z]{3}$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})/;

function invalid(message: string): UblError {
  return new UblError('invalid_value', message);
}

function readVersion(root: XmlElement): UblVersion {
  const version = requiredTextAt(
    root,
    'cbc:UBLVersionID',
    'Falta la versión UBL (cbc:UBLVersionID).',
  );
  const known = UBL_VERSIONS.find((candidate) => candidate === version);
  if (known === undefined) {
    throw invalid(`La versión UBL ${quoteValue(version)} no está admitida: use 2.1 o 2.0.`);
  }
  return known;
}

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

function readSeriesNumber(id: string): SeriesNumber {
  const parsed = parseSeriesNumber(id);
  if (parsed === null || !isValidSeries(parsed.series)) {
    throw invalid(
      `El número de comprobante ${quoteValue(id)} no tiene la forma serie-correlativo (por ejemplo F001-123).`,
    );
  }
  return parsed;
}

function readIssueDate(root: XmlElement): string {
  const date = dateAt(root, 'cbc:IssueDate');
  if (date === null) throw missingField('Falta la fecha de emisión (cbc:IssueDate).');
  return date;
}

function readIssueTime(root: XmlElement): string | null {
  const time = textAt(root, 'cbc:IssueTime');
  if (time === null) return null;
  const match = TIME.exec(time);
  if (match === null || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3]) > 59) {
    throw invalid(`La hora de emisión ${quoteValue(time)} no es válida: use el formato HH:MM:SS.`);
  }
  return `${match[1]}:${match[2]}:${match[3]}`;
}

/** `cbc:DocumentCurrencyCode`, or the currency of the total when the code is left out. */
function readCurrency(root: XmlElement): string {
  const currency =
    textAt(root, 'cbc:DocumentCurrencyCode') ??
    attributeOf(first(root, 'cac:LegalMonetaryTotal/cbc:PayableAmount'), 'currencyID') ??
    attributeOf(first(root, 'cac:RequestedMonetaryTotal/cbc:PayableAmount'), 'currencyID');
  if (currency === null) throw missingField('Falta la moneda (cbc:DocumentCurrencyCode).');
  if (!CURRENCY.test(currency)) {
    throw invalid(`La moneda ${quoteValue(currency)} no es un código ISO 4217 (por ejemplo PEN).`);
  }
  return currency;
}

/** Reads the document from its root element, required values first. */
function readDocument(root: XmlElement): UblDocument {
  const kind = documentKindOf(root);
  const ublVersion = readVersion(root);
  const id = requiredTextAt(root, 'cbc:ID', 'Falta el número del comprobante (cbc:ID).');
  const { series, number } = readSeriesNumber(id);
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

/**
 * Reads a SUNAT factura, boleta, nota de crédito or nota de débito (UBL 2.1
 * or 2.0). Bytes are decoded as they really are; a string is used as is.
 * Throws a UblError whose Spanish message tells the publisher what to fix.
 */
export function parseUblDocument(input: Uint8Array | string, options?: ParseOptions): UblDocument {
  const text = decodeXml(input, options?.maxBytes ?? DEFAULT_MAX_BYTES);
  return readDocument(parseXmlTree(text));
}

function alternativeReadings(input: Uint8Array | string): string[] {
  const declared = declaredReading(input);
  return declared === null ? [] : [declared];
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
  const text = decodeXml(input, options?.maxBytes ?? DEFAULT_MAX_BYTES);
  const recorder = new XmlRecorder();
  const document = readDocument(parseXmlTree(text, DEFAULT_XML_LIMITS, recorder));
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
  const text = decodeXml(input, options?.maxBytes ?? DEFAULT_MAX_BYTES);
  const recorder = new XmlRecorder();
  const document = readDocument(parseXmlTree(text, DEFAULT_XML_LIMITS, recorder));
  const signature = verifyCommonSignature(
    text,
    document,
    () => alternativeReadings(input),
    recorder.recorded(),
  );
  return signature === null ? null : { document, signature };
}
