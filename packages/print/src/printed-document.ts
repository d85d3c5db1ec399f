/**
 * Everything a printed document shows, already worded and formatted in
 * Spanish (Peru). Built from the UBL document without any drawing, so what is
 * printed can be checked apart from where it is printed.
 */

export interface LabeledValue {
  label: string;
  value: string;
}

export interface PrintedLine {
  number: string;
  quantity: string;
  unit: string;
  code: string;
  description: string;
  /** Printed under the description of a line given for free; null otherwise. */
  freeNote: string | null;
  unitValue: string;
  unitPrice: string;
  amount: string;
}

/** One document a retention or perception receipt covers, formatted. */
export interface PrintedCoveredDocument {
  number: string;
  /** "Factura F001-1". */
  document: string;
  issueDate: string;
  /** The covered document's total with its currency ("S/ 1,000.00"). */
  total: string;
  /** When it was retained or perceived. */
  date: string;
  /** Retained or perceived, in soles, without the symbol. */
  amount: string;
  /** Paid net of the retention, or collected with the perception, without the symbol. */
  netTotal: string;
}

export interface PrintedTotal {
  label: string;
  /** Formatted amount without the currency symbol ("1,180.00"). */
  amount: string;
}

export interface PrintedInstallment {
  label: string;
  dueDate: string;
  amount: string;
}

export interface PrintedCredit {
  summary: LabeledValue[];
  installments: PrintedInstallment[];
}

export interface PrintedDetraction {
  legend: string;
  details: LabeledValue[];
}

export interface PrintedIssuer {
  ruc: string;
  name: string;
  tradeName: string | null;
  address: string | null;
}

export interface PrintedDocument {
  /** "FACTURA ELECTRÓNICA", "BOLETA DE VENTA ELECTRÓNICA"… */
  title: string;
  /** Series and number as the document states them ("F001-00004355"). */
  number: string;
  issuer: PrintedIssuer;
  customer: LabeledValue[];
  /** Dates, currency and payment method. */
  details: LabeledValue[];
  /** The document a credit or debit note modifies; null for invoices. */
  reference: LabeledValue[] | null;
  lines: PrintedLine[];
  /** A retention or perception receipt's documents, printed instead of lines; null for a sale. */
  covered: PrintedCoveredDocument[] | null;
  currencySymbol: string;
  /** The totals present, the payable total last. */
  totals: PrintedTotal[];
  /** "SON: MIL CIENTO OCHENTA CON 00/100 SOLES". */
  amountInWords: string;
  notes: string[];
  credit: PrintedCredit | null;
  detraction: PrintedDetraction | null;
  qrText: string;
  /** Printed beside the QR code: the representation legend, digest, consultation, SUNAT answer. */
  verification: string[];
  voided: boolean;
  /** The portal's verdict in words, printed in every page's footer; null when not given. */
  verdict: string | null;
}
