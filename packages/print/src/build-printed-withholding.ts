import {
  currencyName,
  currencySymbol,
  DOCUMENT_TYPES,
  formatAmount,
  formatMoney,
  formatPeruvianDate,
  isDocumentTypeCode,
  normalizeAmount,
  VERDICT_WORDS,
  withholdingRegimeText,
} from '@sufel/contract';
import type { WithholdingDocument, WithholdingReceipt } from '@sufel/ubl';
import { amountInWords } from './amount-in-words.js';
import {
  blankToNull,
  capAddress,
  capName,
  customerDocument,
  distinctTradeName,
  verificationLines,
} from './build-printed-document.js';
import type { PrintOptions } from './print-options.js';
import type {
  LabeledValue,
  PrintedCoveredDocument,
  PrintedDocument,
  PrintedTotal,
} from './printed-document.js';
import { capParagraphs, capText, PRINT_LIMITS } from './printed-text-limits.js';

/** The words that differ between a retention (20) and a perception (40). */
const WORDS = {
  '20': { party: 'Proveedor', total: 'Total retenido', paid: 'Total pagado' },
  '40': { party: 'Cliente', total: 'Total percibido', paid: 'Total cobrado' },
} as const;

const dateOrDash = (date: string | null): string =>
  date === null ? '-' : formatPeruvianDate(date);
const amountOrDash = (amount: string | null): string =>
  amount === null ? '-' : formatAmount(amount);

function coveredRow(covered: WithholdingDocument, index: number): PrintedCoveredDocument {
  const type =
    covered.type === null
      ? ''
      : `${isDocumentTypeCode(covered.type) ? DOCUMENT_TYPES[covered.type].label : `Tipo ${covered.type}`} `;
  return {
    number: String(index + 1),
    document: capText(`${type}${covered.documentNumber}`, PRINT_LIMITS.short),
    issueDate: dateOrDash(covered.issueDate),
    total: covered.total === null ? '-' : formatMoney(covered.total, covered.currency ?? 'PEN'),
    date: dateOrDash(covered.date),
    amount: amountOrDash(covered.amount),
    netTotal: amountOrDash(covered.netTotal),
  };
}

function detailRows(receipt: WithholdingReceipt): LabeledValue[] {
  const rows = [
    { label: 'Fecha de emisión', value: formatPeruvianDate(receipt.issueDate) },
    { label: 'Régimen', value: withholdingRegimeText(receipt.type, receipt.regime) },
  ];
  if (receipt.percent !== null) rows.push({ label: 'Tasa', value: `${receipt.percent} %` });
  rows.push({ label: 'Moneda', value: currencyName(receipt.currency) });
  return rows;
}

function totalInWords(receipt: WithholdingReceipt): string {
  const total = normalizeAmount(receipt.totalAmount);
  if (total === null) throw new RangeError(`The total "${receipt.totalAmount}" is not an amount`);
  return `SON: ${amountInWords(total, receipt.currency)}`;
}

/**
 * Words and figures of a comprobante de retención (20) or de percepción (40):
 * the agent as issuer, the party withheld from, and instead of lines the
 * documents the receipt covers with what was withheld on each.
 */
export function buildPrintedWithholding(
  receipt: WithholdingReceipt,
  options: PrintOptions,
): PrintedDocument {
  const words = WORDS[receipt.type];
  const title = DOCUMENT_TYPES[receipt.type].title;
  const party = receipt.receiver;
  // The last total is the one printed large: what was withheld.
  const totals: PrintedTotal[] = [];
  if (receipt.totalPaid !== null) {
    totals.push({ label: words.paid, amount: formatAmount(receipt.totalPaid) });
  }
  totals.push({ label: words.total, amount: formatAmount(receipt.totalAmount) });
  return {
    title,
    number: receipt.id.trim().toUpperCase(),
    issuer: {
      ruc: receipt.issuer.ruc,
      name: capText(receipt.issuer.name, PRINT_LIMITS.name),
      tradeName: capName(distinctTradeName(receipt.issuer.name, receipt.issuer.tradeName)),
      address: capAddress(blankToNull(receipt.issuer.address)),
    },
    customer: [
      { label: words.party, value: capText(blankToNull(party.name) ?? '-', PRINT_LIMITS.name) },
      { label: 'Documento', value: customerDocument(party.documentType, party.documentNumber) },
    ],
    details: detailRows(receipt),
    reference: null,
    lines: [],
    covered: receipt.documents.map(coveredRow),
    currencySymbol: currencySymbol(receipt.currency),
    totals,
    amountInWords: totalInWords(receipt),
    notes: capParagraphs(
      receipt.notes.map((note) => note.text.trim()).filter((text) => text !== ''),
      PRINT_LIMITS.notes,
    ),
    credit: null,
    detraction: null,
    qrText: options.qrText,
    verification: verificationLines(receipt, title, options),
    voided: options.voided === true,
    verdict: options.verdict === undefined ? null : VERDICT_WORDS[options.verdict],
  };
}
