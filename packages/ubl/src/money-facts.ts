import { decodeXml, DEFAULT_MAX_BYTES } from './decode-xml.js';
import { LINE_TAX_CATEGORY_PATH, sunatDocumentKindOf } from './document-kind.js';
import {
  ADDITIONAL_INFORMATION_PATH,
  readAdditionalInformation,
} from './read-additional-information.js';
import { readNotes } from './read-notes.js';
import { readPayment } from './read-payment.js';
import type { ParseOptions, UblPayment } from './types.js';
import { elementFilter } from './xml-query.js';
import { DEFAULT_XML_LIMITS, parseXmlTree } from './xml-tree.js';

/**
 * What a list needs of a document's money, one value per column: whether and
 * how much to deposit as detracción, the percepción charged, the IGV to
 * retain, and how it is paid. Amounts are exact decimal text, as declared.
 */
export interface MoneySummary {
  /** As declared; a document that only lists instalments is on credit. */
  paymentForm: 'Contado' | 'Credito' | null;
  installmentCount: number;
  /** Subject to detraction, by its data or only by a legend. */
  detraction: boolean;
  detractionCode: string | null;
  detractionPercent: string | null;
  /** In soles. */
  detractionAmount: string | null;
  /** The supplier's Banco de la Nación account. */
  detractionAccount: string | null;
  perceptionAmount: string | null;
  retentionAmount: string | null;
}

/**
 * What the money facts are read from, and the line tax categories that tell a
 * recibo por honorarios from a factura; lines, parties and the signature are
 * not built. The test comparing these facts with the full reader's guards it.
 */
const MONEY_ELEMENTS = elementFilter([
  'cac:PaymentTerms',
  'cac:PaymentMeans',
  'cac:AllowanceCharge',
  'cbc:Note',
  ADDITIONAL_INFORMATION_PATH,
  LINE_TAX_CATEGORY_PATH,
]);

export interface MoneyFacts {
  payment: UblPayment | null;
  summary: MoneySummary;
}

export function moneySummaryOf(payment: UblPayment | null): MoneySummary {
  const installmentCount = payment?.installments.length ?? 0;
  const detraction = payment?.detraction ?? null;
  return {
    paymentForm: payment?.method ?? (installmentCount > 0 ? 'Credito' : null),
    installmentCount,
    detraction: detraction !== null,
    detractionCode: detraction?.code ?? null,
    detractionPercent: detraction?.percent ?? null,
    detractionAmount: detraction?.amount ?? null,
    detractionAccount: detraction?.account ?? null,
    perceptionAmount: payment?.perception?.amount ?? null,
    retentionAmount: payment?.retention?.amount ?? null,
  };
}

/**
 * The money facts of a document, without reading the rest of it: for going
 * over documents already stored, where parties, lines and totals were checked
 * when they arrived. A retention or perception receipt states no terms: what
 * it withheld is its total. Throws a UblError when the XML is no document.
 */
export function readMoneyFacts(input: Uint8Array | string, options?: ParseOptions): MoneyFacts {
  const text = decodeXml(input, options?.maxBytes ?? DEFAULT_MAX_BYTES);
  const root = parseXmlTree(text, DEFAULT_XML_LIMITS, undefined, MONEY_ELEMENTS);
  const kind = sunatDocumentKindOf(root);
  if (kind === 'Retention' || kind === 'Perception') {
    return { payment: null, summary: moneySummaryOf(null) };
  }
  const additional = readAdditionalInformation(root);
  const payment = readPayment(root, additional, readNotes(root, additional));
  return { payment, summary: moneySummaryOf(payment) };
}
