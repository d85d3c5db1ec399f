import { UblError } from './errors.js';
import { SUNAT_ROOT_NAMESPACES, SUNAT_SCHEMA_PREFIX, UBL_ROOT_NAMESPACES } from './namespaces.js';
import { all, textOf } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

export type UblDocumentKind = 'Invoice' | 'CreditNote' | 'DebitNote';
/** Receipts of what an agent retained (20) or perceived (40). */
export type WithholdingKind = 'Retention' | 'Perception';

const READ_KINDS: readonly UblDocumentKind[] = ['Invoice', 'CreditNote', 'DebitNote'];
const WITHHOLDING_KINDS: readonly WithholdingKind[] = ['Retention', 'Perception'];

/** What a reader takes, as its refusals say it. */
interface Accepted {
  list: string;
  kinds: string;
}

const RECEIPTS: Accepted = {
  list: 'solo se publican facturas, boletas, notas de crédito y notas de débito.',
  kinds: 'una factura, boleta, nota de crédito o nota de débito UBL',
};

const RECEIPTS_AND_WITHHOLDINGS: Accepted = {
  list: 'solo se admiten facturas, boletas, notas de crédito y de débito, y comprobantes de retención y de percepción.',
  kinds:
    'una factura, boleta, nota de crédito o de débito UBL, ni un comprobante de retención o de percepción',
};

function unsupported(what: string, accepted: Accepted): UblError {
  return new UblError(
    'unsupported_type',
    `${what} no es un comprobante admitido: ${accepted.list}`,
  );
}

/** SUNAT documents that are not receipts this library reads, by root namespace and name. */
const OTHER_SUNAT_DOCUMENTS: Readonly<Record<string, string>> = {
  [`${SUNAT_ROOT_NAMESPACES.Retention} Retention`]: 'Un comprobante de retención (20)',
  [`${SUNAT_ROOT_NAMESPACES.Perception} Perception`]: 'Un comprobante de percepción (40)',
  [`${SUNAT_SCHEMA_PREFIX}SummaryDocuments-1 SummaryDocuments`]: 'Un resumen diario',
  [`${SUNAT_SCHEMA_PREFIX}VoidedDocuments-1 VoidedDocuments`]: 'Una comunicación de baja',
  [`${SUNAT_SCHEMA_PREFIX}ReversionDocuments-1 ReversionDocuments`]: 'Un resumen de reversiones',
  [`${UBL_ROOT_NAMESPACES.DespatchAdvice} DespatchAdvice`]: 'Una guía de remisión (09)',
};

/** The tax category a recibo por honorarios carries: fourth-category income tax withheld. */
const FEE_RECEIPT_TAX_CATEGORY = 'RET 4TA';

/**
 * A recibo por honorarios electrónico is written by SUNAT's portal on an
 * Invoice root with type code 01, yet it is no CPE. What gives it away is the
 * fourth-category income tax withheld on its lines: a factura's tax categories
 * are UN/ECE letters (S, E, O, Z…), never "RET 4TA".
 */
export const LINE_TAX_CATEGORY_PATH =
  'cac:InvoiceLine/cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID';

function isFeeReceipt(root: XmlElement): boolean {
  return all(root, LINE_TAX_CATEGORY_PATH).some(
    (category) => textOf(category)?.toUpperCase() === FEE_RECEIPT_TAX_CATEGORY,
  );
}

function receiptKindOf(root: XmlElement, accepted: Accepted): UblDocumentKind {
  const kind = READ_KINDS.find(
    (candidate) => root.local === candidate && root.uri === UBL_ROOT_NAMESPACES[candidate],
  );
  if (kind !== undefined) {
    if (kind === 'Invoice' && isFeeReceipt(root)) {
      throw unsupported('Un recibo por honorarios electrónico', accepted);
    }
    return kind;
  }
  if (
    root.local === 'ApplicationResponse' &&
    root.uri === UBL_ROOT_NAMESPACES.ApplicationResponse
  ) {
    throw new UblError(
      'unsupported_type',
      'El archivo es una constancia de recepción (CDR), no un comprobante: envíela como CDR junto con el XML del comprobante.',
    );
  }
  const other = OTHER_SUNAT_DOCUMENTS[`${root.uri} ${root.local}`];
  if (other !== undefined) throw unsupported(other, accepted);
  if (root.uri.startsWith(SUNAT_SCHEMA_PREFIX))
    throw unsupported('Este documento de SUNAT', accepted);
  throw new UblError('not_ubl', `El documento no es ${accepted.kinds}.`);
}

/**
 * Which receipt the root element is, or why the file is not one: another
 * SUNAT document (unsupported_type) or no UBL receipt at all (not_ubl).
 */
export function documentKindOf(root: XmlElement): UblDocumentKind {
  return receiptKindOf(root, RECEIPTS);
}

/** documentKindOf, with retention and perception receipts read rather than refused. */
export function sunatDocumentKindOf(root: XmlElement): UblDocumentKind | WithholdingKind {
  const withholding = WITHHOLDING_KINDS.find(
    (candidate) => root.local === candidate && root.uri === SUNAT_ROOT_NAMESPACES[candidate],
  );
  return withholding ?? receiptKindOf(root, RECEIPTS_AND_WITHHOLDINGS);
}
