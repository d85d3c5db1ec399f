import type { WithholdingKind } from './document-kind.js';
import { readAdditionalInformation } from './read-additional-information.js';
import {
  checkedCurrency,
  readId,
  readIssueDate,
  readIssueTime,
  readVersion,
} from './read-header.js';
import { readNotes } from './read-notes.js';
import { readAgent, readReceiver } from './read-party.js';
import { readSignature } from './read-signature.js';
import {
  dateAt,
  decimalAt,
  missingField,
  requiredDecimalAt,
  requiredTextAt,
} from './read-values.js';
import type {
  WithholdingDocument,
  WithholdingExchangeRate,
  WithholdingPayment,
  WithholdingReceipt,
  WithholdingType,
} from './types.js';
import { all, attributeOf, first, textAt, type ElementPath } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/**
 * Comprobantes de retención (20) and de percepción (40), UBL 2.0 documents in
 * SUNAT's own schemas. Both have the same shape; only the names of SUNAT's
 * elements, and the words of the messages, differ.
 */
interface Vocabulary {
  type: WithholdingType;
  regime: ElementPath;
  percent: ElementPath;
  totalPaid: ElementPath;
  reference: ElementPath;
  information: ElementPath;
  amount: ElementPath;
  date: ElementPath;
  netTotal: ElementPath;
  /** "retención", "retenido", "proveedor": the words of its messages. */
  noun: string;
  participle: string;
  receiver: string;
}

const VOCABULARIES: Readonly<Record<WithholdingKind, Vocabulary>> = {
  Retention: {
    type: '20',
    regime: 'sac:SUNATRetentionSystemCode',
    percent: 'sac:SUNATRetentionPercent',
    totalPaid: 'sac:SUNATTotalPaid',
    reference: 'sac:SUNATRetentionDocumentReference',
    information: 'sac:SUNATRetentionInformation',
    amount: 'sac:SUNATRetentionAmount',
    date: 'sac:SUNATRetentionDate',
    netTotal: 'sac:SUNATNetTotalPaid',
    noun: 'retención',
    participle: 'retenido',
    receiver: 'proveedor',
  },
  Perception: {
    type: '40',
    regime: 'sac:SUNATPerceptionSystemCode',
    percent: 'sac:SUNATPerceptionPercent',
    totalPaid: 'sac:SUNATTotalCashed',
    reference: 'sac:SUNATPerceptionDocumentReference',
    information: 'sac:SUNATPerceptionInformation',
    amount: 'sac:SUNATPerceptionAmount',
    date: 'sac:SUNATPerceptionDate',
    netTotal: 'sac:SUNATNetTotalCashed',
    noun: 'percepción',
    participle: 'percibido',
    receiver: 'cliente',
  },
};

/** What SUNAT asks the totals to be in when the file does not say. */
const SOLES = 'PEN';

function currencyAt(element: XmlElement | null, path: ElementPath): string | null {
  return attributeOf(first(element, path), 'currencyID');
}

function readPayments(reference: XmlElement): WithholdingPayment[] {
  return all(reference, 'cac:Payment').map((payment) => ({
    number: textAt(payment, 'cbc:ID'),
    amount: decimalAt(payment, 'cbc:PaidAmount'),
    currency: currencyAt(payment, 'cbc:PaidAmount'),
    date: dateAt(payment, 'cbc:PaidDate'),
  }));
}

function readExchangeRate(information: XmlElement | null): WithholdingExchangeRate | null {
  const rate = first(information, 'cac:ExchangeRate');
  if (rate === null) return null;
  return {
    sourceCurrency: textAt(rate, 'cbc:SourceCurrencyCode'),
    targetCurrency: textAt(rate, 'cbc:TargetCurrencyCode'),
    rate: decimalAt(rate, 'cbc:CalculationRate'),
    date: dateAt(rate, 'cbc:Date'),
  };
}

function readCoveredDocument(
  reference: XmlElement,
  index: number,
  words: Vocabulary,
): WithholdingDocument {
  const id = first(reference, 'cbc:ID');
  const documentNumber = requiredTextAt(
    reference,
    'cbc:ID',
    `Falta el número del comprobante relacionado ${index + 1} (${words.reference}/cbc:ID).`,
  );
  const information = first(reference, words.information);
  return {
    type: attributeOf(id, 'schemeID'),
    documentNumber,
    issueDate: dateAt(reference, 'cbc:IssueDate'),
    total: decimalAt(reference, 'cbc:TotalInvoiceAmount'),
    currency: currencyAt(reference, 'cbc:TotalInvoiceAmount'),
    payments: readPayments(reference),
    amount: decimalAt(information, words.amount),
    date: dateAt(information, words.date),
    netTotal: decimalAt(information, words.netTotal),
    exchangeRate: readExchangeRate(information),
  };
}

/** Reads a retention or perception receipt from its root element, required values first. */
export function readWithholdingReceipt(
  root: XmlElement,
  kind: WithholdingKind,
): WithholdingReceipt {
  const words = VOCABULARIES[kind];
  const ublVersion = readVersion(root);
  const { id, series, number } = readId(root);
  const issueDate = readIssueDate(root);
  const issuer = readAgent(root);
  const receiver = readReceiver(root, words.receiver);
  const regime = requiredTextAt(
    root,
    words.regime,
    `Falta el régimen de ${words.noun} (${words.regime}).`,
  );
  const totalAmount = requiredDecimalAt(
    root,
    'cbc:TotalInvoiceAmount',
    `Falta el importe total ${words.participle} (cbc:TotalInvoiceAmount).`,
  );
  const references = all(root, words.reference);
  if (references.length === 0) {
    throw missingField(
      `El comprobante de ${words.noun} no indica ningún comprobante relacionado (${words.reference}).`,
    );
  }
  const currency = currencyAt(root, 'cbc:TotalInvoiceAmount') ?? SOLES;
  return {
    ublVersion,
    type: words.type,
    id,
    series,
    number,
    issueDate,
    issueTime: readIssueTime(root),
    issuer,
    receiver,
    regime,
    percent: decimalAt(root, words.percent),
    currency: checkedCurrency(currency),
    totalAmount,
    totalPaid: decimalAt(root, words.totalPaid),
    notes: readNotes(root, readAdditionalInformation(root)),
    documents: references.map((reference, index) => readCoveredDocument(reference, index, words)),
    signature: readSignature(root),
  };
}
