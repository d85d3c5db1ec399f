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

/** SUNAT's (or an OSE's) answer to one document, read from its CDR. */
export interface CdrInfo {
  /** cbc:ResponseCode: "0" accepted, 2000–3999 rejected, ≥ 4000 accepted with observations; others are errors. */
  responseCode: string;
  description: string;
  /** cbc:Note texts ("4252 - …"). */
  observations: string[];
  /** DocumentReference/cbc:ID, the document it answers for ("F001-1"). */
  documentId: string;
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
  | 'invalid_value';

export interface SignedUblDocument {
  document: UblDocument;
  signature: SignatureCheck;
}

export interface ParseOptions {
  /** Largest accepted input in bytes (default 10 MiB). */
  maxBytes?: number;
}
