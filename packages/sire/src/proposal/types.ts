import type { Cents } from '../amounts.js';

/** Fields 15 to 25 of a row, in cents; credit notes come negative, as SUNAT writes them. */
export interface ProposalAmounts {
  baseDg: Cents;
  igvDg: Cents;
  baseDgng: Cents;
  igvDgng: Cents;
  baseDng: Cents;
  igvDng: Cents;
  /** Field 21, acquisitions not taxed (exonerated plus unaffected). */
  nonTaxed: Cents;
  isc: Cents;
  icbper: Cents;
  otherCharges: Cents;
  total: Cents;
}

/** Fields 28 to 32: the document a credit or debit note modifies. */
export interface ModifiedDocument {
  issueDate: string | null;
  type: string;
  series: string;
  /** Customs office of a DAM/DSI (field 31). */
  customsCode: string;
  number: string;
}

/** One document proposed by SUNAT. Dates are `YYYY-MM-DD`; empty optional fields are null. */
export interface ProposalRow {
  /** Line of the file where the row is, for messages. */
  line: number;
  /** Field 4, the key SIRE names the document by. */
  car: string;
  /** Field 1: the register's owner, who received the document. */
  receiverRuc: string;
  receiverName: string;
  /** Field 3, `AAAAMM`. */
  period: string;
  issueDate: string;
  dueDate: string | null;
  type: string;
  series: string;
  number: string;
  /** Field 11, the last number of a range. */
  lastNumber: string | null;
  /** Field 12, catalogue 06 ("6" RUC, "1" DNI…). */
  supplierIdType: string;
  supplierId: string;
  /** Field 14, HTML references decoded. */
  supplierName: string;
  amounts: ProposalAmounts;
  currency: string;
  /** Field 27, as written ("3.373"). */
  exchangeRate: string | null;
  modified: ModifiedDocument | null;
  /** Field 39, catalogue 09/10 reason of a note. */
  noteType: string | null;
  /** Field 40, `Est. Comp.` (Tabla 14): "1" Activo, "2" Baja, "3" Revertido, "4" Anulado… */
  status: string | null;
}

/** A row that could not be read, with every reason; the rest of the file goes on. */
export interface ProposalRowError {
  line: number;
  /** Field 4 when it could be read, to tell the accountant which document. */
  car: string | null;
  problems: readonly string[];
  /** "Línea 12: …", Spanish, every problem of the row. */
  message: string;
}

export type ProposalEntry =
  { kind: 'row'; row: ProposalRow } | { kind: 'error'; error: ProposalRowError };
