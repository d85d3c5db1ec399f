import { addDecimals, toTwoDecimals } from './decimal.js';
import { parseSeriesNumber } from './identifiers.js';
import type { UblDocument, UblTaxSubtotal } from './types.js';

/**
 * What a purchase register (Registro de Compras / SIRE) needs of one document,
 * amounts rounded to two decimals. An amount the document does not state is
 * "0.00": the register has no empty amounts.
 */
export interface RegisterAmounts {
  /** Base of taxed operations (IGV, and IVAP when the sale pays it). */
  taxedBase: string;
  exonerated: string;
  unaffected: string;
  /** Value of what was given for free. */
  free: string;
  /** IGV, plus IVAP, which takes its place on rice sales. */
  igv: string;
  isc: string;
  icbper: string;
  /** Other taxes (catalogue 05 code 9999) and the charges outside the taxable base. */
  otherCharges: string;
  discounts: string;
  payable: string;
  currency: string;
  /** The due date, or the last instalment's when only instalments state one. */
  dueDate: string | null;
  /** For credit and debit notes: the document they modify and why. */
  reference: RegisterReference | null;
}

export interface RegisterReference {
  type: string | null;
  /** Series and number as the note states them, split when they have the usual shape. */
  series: string | null;
  number: string;
  reasonCode: string | null;
  reason: string | null;
}

const ZERO = '0.00';

function sum(amounts: readonly (string | null)[]): string {
  return toTwoDecimals(
    amounts.reduce<string>((total, amount) => addDecimals(total, amount ?? '0'), '0'),
  );
}

function ofCodes(
  taxes: readonly UblTaxSubtotal[],
  codes: readonly string[],
  field: 'amount' | 'taxableAmount',
): string {
  return sum(taxes.filter((tax) => codes.includes(tax.code)).map((tax) => tax[field]));
}

function dueDateOf(doc: UblDocument): string | null {
  if (doc.dueDate !== null) return doc.dueDate;
  const dates = (doc.payment?.installments ?? [])
    .map((installment) => installment.dueDate)
    .filter((date): date is string => date !== null)
    .sort();
  return dates.at(-1) ?? null;
}

function referenceOf(doc: UblDocument): RegisterReference | null {
  if (doc.reference === null) return null;
  const { type, documentNumber, reasonCode, reason } = doc.reference;
  const parsed = parseSeriesNumber(documentNumber);
  return {
    type,
    series: parsed?.series ?? null,
    number: parsed?.number ?? documentNumber,
    reasonCode,
    reason,
  };
}

/** The register amounts of a parsed document. */
export function registerAmountsOf(doc: UblDocument): RegisterAmounts {
  const { taxes, totals } = doc;
  return {
    taxedBase: ofCodes(taxes, ['1000', '1016'], 'taxableAmount'),
    exonerated: ofCodes(taxes, ['9997'], 'taxableAmount'),
    unaffected: ofCodes(taxes, ['9998'], 'taxableAmount'),
    free: ofCodes(taxes, ['9996'], 'taxableAmount'),
    igv: ofCodes(taxes, ['1000', '1016'], 'amount'),
    isc: ofCodes(taxes, ['2000'], 'amount'),
    icbper: ofCodes(taxes, ['7152'], 'amount'),
    otherCharges: sum([ofCodes(taxes, ['9999'], 'amount'), totals.charge]),
    discounts: totals.allowance === null ? ZERO : toTwoDecimals(totals.allowance),
    payable: toTwoDecimals(totals.payable),
    currency: doc.currency,
    dueDate: dueDateOf(doc),
    reference: referenceOf(doc),
  };
}
