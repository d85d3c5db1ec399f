/**
 * The typed view of one SUNAT electronic document. Amounts and quantities are
 * decimal text exactly as the XML states them, trimmed ("1180.00"), so nothing
 * is lost to binary floats; dates are `YYYY-MM-DD`.
 */

export type UblVersion = '2.0' | '2.1';

/** SUNAT catalogue 01 codes this library reads. */
export type UblDocumentType = '01' | '03' | '07' | '08';

export interface UblParty {
  /** SUNAT catalogue 06: '6' RUC, '1' DNI, '0', '4', '7', 'A'–'E', '-'. */
  documentType: string;
  documentNumber: string;
  name: string;
  address: string | null;
}

export interface UblIssuer {
  ruc: string;
  name: string;
  tradeName: string | null;
  address: string | null;
}

export interface UblLine {
  id: string;
  code: string | null;
  description: string;
  quantity: string;
  /** UN/ECE rec 20 unit code as sent ("NIU", "ZZ", …). */
  unitCode: string;
  /** Unit value before taxes (cac:Price/cbc:PriceAmount). */
  unitValue: string;
  /** Unit price including taxes (PricingReference, code 01), when stated. */
  unitPrice: string | null;
  /** cbc:LineExtensionAmount. */
  lineTotal: string;
  /** Sum of the line's TaxTotal/TaxAmount ("0.00" when absent). */
  taxAmount: string;
  /** IGV affectation (catalogue 07: 10 gravado, 20 exonerado, 30 inafecto, 1x/3x gratuito, 40 exportación). */
  taxExemptionCode: string | null;
  /** Given for free (catalogue 07 codes 11–16, 21, 31–37, PricingReference code 02 or FreeOfChargeIndicator). */
  free: boolean;
}

export interface UblTaxSubtotal {
  /** Catalogue 05 tax code: 1000 IGV, 1016 IVAP, 2000 ISC, 7152 ICBPER, 9995 EXP, 9996 GRA, 9997 EXO, 9998 INA, 9999 OTROS. */
  code: string;
  /** Short name for that code: IGV, IVAP, ISC, ICBPER, EXP, GRA, EXO, INA, OTROS. */
  name: string;
  taxableAmount: string | null;
  amount: string;
}

export interface UblTotals {
  lineExtension: string | null;
  taxExclusive: string | null;
  taxInclusive: string | null;
  allowance: string | null;
  charge: string | null;
  prepaid: string | null;
  /** Document-level TaxTotal/TaxAmount. */
  tax: string | null;
  /** PayableAmount (RequestedMonetaryTotal for debit notes). */
  payable: string;
}

export interface UblNote {
  /** Legend code (catalogue 52), e.g. "1000" amount in words; null for free text. */
  code: string | null;
  text: string;
}

export interface UblInstallment {
  id: string;
  amount: string;
  dueDate: string | null;
}

export interface UblPayment {
  method: 'Contado' | 'Credito' | null;
  pendingAmount: string | null;
  installments: UblInstallment[];
  detraction: UblDetraction | null;
  perception: UblPerception | null;
  retention: UblRetention | null;
}

/** Detracción (SPOT): what the buyer deposits in the supplier's Banco de la Nación account. */
export interface UblDetraction {
  /** Catalogue 54 goods or service code ("022"). */
  code: string | null;
  /** The percentage the issuer declared ("12.00"); never computed here. */
  percent: string | null;
  /** Amount to deposit, in soles whatever the document's currency. */
  amount: string | null;
  /** The supplier's Banco de la Nación account. */
  account: string | null;
  /** Catalogue 59 means of the deposit ("001" depósito en cuenta). */
  paymentMeansCode: string | null;
  /**
   * Only a legend or a note says the operation is subject to detraction (older
   * documents): no code, percentage or amount was declared, and none is guessed.
   */
  legendOnly: boolean;
}

/** Percepción charged on the sale (AllowanceCharge codes 51–53, PaymentTerms "Percepcion"). */
export interface UblPerception {
  /** Catalogue 53: 51 venta interna, 52 combustible, 53 agente de percepción con tasa especial. */
  code: string | null;
  /** cbc:MultiplierFactorNumeric as declared, a fraction ("0.02" is 2 %). */
  rate: string | null;
  amount: string | null;
  base: string | null;
  /** PaymentTerms "Percepcion": what the buyer pays, the perception included. */
  totalWithPerception: string | null;
  /** Currency of the amounts (SUNAT asks for PEN). */
  currency: string | null;
}

/** IGV retention the issuer declares on the invoice (AllowanceCharge code 62). */
export interface UblRetention {
  /** cbc:MultiplierFactorNumeric as declared, a fraction ("0.03" is 3 %). */
  rate: string | null;
  amount: string | null;
  base: string | null;
  /** Currency of the amounts. */
  currency: string | null;
}

export interface UblReference {
  /** Catalogue 01 code of the modified document, when stated. */
  type: string | null;
  /** "F001-123" as in the XML. */
  documentNumber: string;
  /** Catalogue 09 (credit) or 10 (debit) reason code. */
  reasonCode: string | null;
  reason: string | null;
}

export interface UblSignature {
  /** A ds:Signature with a non-empty SignatureValue is present. */
  present: boolean;
  /** First ds:DigestValue, used as the "hash" of the printed QR. */
  digestValue: string | null;
}

export type SignatureStatus = 'valida' | 'invalida' | 'ausente';

/** The enveloped signature checked against the certificate embedded beside it. */
export interface SignatureCheck {
  /** valida: digests and value verify; invalida: altered after signing, or broken; ausente: unsigned. */
  status: SignatureStatus;
  /** Common name (else organization) of the certificate's subject. */
  signerName: string | null;
  /** A RUC with a valid check digit found in the subject. */
  signerRuc: string | null;
  /** ISO date-times of the certificate's validity. */
  validFrom: string | null;
  validTo: string | null;
  /** The issue date falls inside the validity; null without a readable certificate. */
  issuedWithinValidity: boolean | null;
}

export interface UblDocument {
  ublVersion: UblVersion;
  type: UblDocumentType;
  /** cbc:ID as written, trimmed ("F001-00004355"). */
  id: string;
  /** Series upper-cased ("F001"). */
  series: string;
  /** Number without leading zeros ("4355"). */
  number: string;
  issueDate: string;
  issueTime: string | null;
  dueDate: string | null;
  currency: string;
  issuer: UblIssuer;
  customer: UblParty;
  totals: UblTotals;
  taxes: UblTaxSubtotal[];
  lines: UblLine[];
  notes: UblNote[];
  payment: UblPayment | null;
  reference: UblReference | null;
  signature: UblSignature;
}

/** Catalogue 01 codes of the receipts an agent issues for what it withheld. */
export type WithholdingType = '20' | '40';

/** One payment or collection of a covered document (cac:Payment). */
export interface WithholdingPayment {
  /** cbc:ID, the payment's number for that document ("1"). */
  number: string | null;
  amount: string | null;
  currency: string | null;
  date: string | null;
}

/** Exchange rate used to bring a covered document's amounts to soles. */
export interface WithholdingExchangeRate {
  sourceCurrency: string | null;
  targetCurrency: string | null;
  /** cbc:CalculationRate as declared ("3.712"). */
  rate: string | null;
  date: string | null;
}

/**
 * One document a retention or perception receipt covers
 * (`sac:SUNATRetentionDocumentReference` / `sac:SUNATPerceptionDocumentReference`).
 */
export interface WithholdingDocument {
  /** Catalogue 01 code of the covered document (cbc:ID/@schemeID). */
  type: string | null;
  /** "F001-1" as in the XML. */
  documentNumber: string;
  issueDate: string | null;
  /** The covered document's total, in its own currency. */
  total: string | null;
  currency: string | null;
  payments: WithholdingPayment[];
  /** Retained (20) or perceived (40) on this document, in soles. */
  amount: string | null;
  /** When it was retained or perceived. */
  date: string | null;
  /** Paid net of the retention (20), or collected with the perception (40), in soles. */
  netTotal: string | null;
  exchangeRate: WithholdingExchangeRate | null;
}

/**
 * A comprobante de retención (20) or de percepción (40): an agent states what
 * it retained from a supplier's payments, or perceived on a customer's.
 */
export interface WithholdingReceipt {
  ublVersion: UblVersion;
  type: WithholdingType;
  /** cbc:ID as written, trimmed ("R001-1"). */
  id: string;
  series: string;
  number: string;
  issueDate: string;
  issueTime: string | null;
  /** The retention or perception agent (cac:AgentParty). */
  issuer: UblIssuer;
  /** cac:ReceiverParty: the supplier retained from (20), the customer perceived from (40). */
  receiver: UblParty;
  /** Regime: catalogue 23 for retentions ("01" tasa 3 %), catalogue 22 for perceptions. */
  regime: string;
  /** The percentage the agent declared ("3.00"). */
  percent: string | null;
  /** Currency of the totals (soles). */
  currency: string;
  /** cbc:TotalInvoiceAmount: everything retained or perceived. */
  totalAmount: string;
  /** sac:SUNATTotalPaid (20): paid net of retentions; sac:SUNATTotalCashed (40): collected with perceptions. */
  totalPaid: string | null;
  notes: UblNote[];
  documents: WithholdingDocument[];
  signature: UblSignature;
}

/** Every document the readers take: receipts of sales and the receipts of withholdings. */
export type SunatDocument = UblDocument | WithholdingReceipt;

/** SUNAT's (or an OSE's) answer to one document, read from its CDR. */
export interface CdrInfo {
  /** cbc:ResponseCode: "0" accepted, 2000–3999 rejected, ≥ 4000 accepted with observations; others are errors. */
  responseCode: string;
  description: string;
  /** cbc:Note texts ("4252 - …"). */
  observations: string[];
  /** DocumentReference/cbc:ID, the document it answers for ("F001-1"). */
  documentId: string;
  /** DocumentReference/cbc:DocumentTypeCode, the type of that document (catalogue 01), when stated. */
  documentType: string | null;
  /** Issuer RUC when the CDR states it: its ReceiverParty, the party that sent the document. */
  issuerRuc: string | null;
  /** The buyer's document number (DocumentResponse/RecipientParty), without SUNAT's "6-" type prefix. */
  receiverDocument: string | null;
  issueDate: string | null;
  /** From responseCode; an accepted answer that lists observations (cbc:Note) is 'observed'. */
  status: 'accepted' | 'observed' | 'rejected' | 'error';
}

export type UblErrorCode =
  | 'empty'
  | 'too_large'
  | 'malformed'
  | 'dtd_forbidden'
  | 'not_ubl'
  | 'unsupported_type'
  | 'missing_field'
  | 'invalid_value'
  | 'not_zip'
  | 'unsafe_archive';

export interface SignedUblDocument {
  document: UblDocument;
  signature: SignatureCheck;
}

export interface SignedSunatDocument {
  document: SunatDocument;
  signature: SignatureCheck;
}

export interface ParseOptions {
  /** Largest accepted input in bytes (default 10 MiB). */
  maxBytes?: number;
}
