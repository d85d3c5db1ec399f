import { saysSubjectToDetraction } from './detraction-legend.js';
import { quoteValue } from './errors.js';
import { keyword } from './keyword.js';
import type { AdditionalInformation } from './read-additional-information.js';
import { readPerception, readRetention } from './read-invoice-withholdings.js';
import { dateAt, decimalAt, requiredDecimalAt } from './read-values.js';
import type { UblDetraction, UblInstallment, UblNote, UblPayment } from './types.js';
import { all, textAt } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/** Catalogue 14 and 15 entries of UBL 2.0 that describe a detraction. */
const DETRACTION_TOTAL = '2003';
const DETRACTION_GOODS_CODE = '3000';
const DETRACTION_ACCOUNT = '3001';

const INSTALLMENT = /^cuota\d+$/;

function emptyDetraction(): UblDetraction {
  return {
    code: null,
    percent: null,
    amount: null,
    account: null,
    paymentMeansCode: null,
    legendOnly: false,
  };
}

type PaymentTerms = Pick<UblPayment, 'method' | 'pendingAmount' | 'installments' | 'detraction'>;

/** UBL 2.1: `cac:PaymentTerms` (FormaPago, cuotas, Detraccion) and the detraction's means. */
function readPaymentTerms(root: XmlElement): PaymentTerms {
  const payment: PaymentTerms = {
    method: null,
    pendingAmount: null,
    installments: [],
    detraction: null,
  };
  for (const terms of all(root, 'cac:PaymentTerms')) {
    const kind = keyword(textAt(terms, 'cbc:ID'));
    const means = textAt(terms, 'cbc:PaymentMeansID');
    const meansKey = keyword(means);
    if (kind === 'detraccion') {
      payment.detraction = {
        ...emptyDetraction(),
        code: means,
        percent: decimalAt(terms, 'cbc:PaymentPercent'),
        amount: decimalAt(terms, 'cbc:Amount'),
      };
    } else if (kind === 'formapago' && meansKey === 'contado') {
      payment.method = 'Contado';
    } else if (kind === 'formapago' && meansKey === 'credito') {
      payment.method = 'Credito';
      payment.pendingAmount = decimalAt(terms, 'cbc:Amount');
    } else if (kind === 'formapago' && means !== null && INSTALLMENT.test(meansKey)) {
      const installment: UblInstallment = {
        id: means,
        amount: requiredDecimalAt(
          terms,
          'cbc:Amount',
          `Falta el monto (cbc:Amount) de la cuota ${quoteValue(means)}.`,
        ),
        dueDate: dateAt(terms, 'cbc:PaymentDueDate'),
      };
      payment.installments.push(installment);
    }
  }
  for (const means of all(root, 'cac:PaymentMeans')) {
    if (keyword(textAt(means, 'cbc:ID')) !== 'detraccion') continue;
    const account = textAt(means, 'cac:PayeeFinancialAccount/cbc:ID');
    const paymentMeansCode = textAt(means, 'cbc:PaymentMeansCode');
    if (account === null && paymentMeansCode === null) continue;
    const detraction = payment.detraction ?? emptyDetraction();
    payment.detraction = {
      ...detraction,
      account: account ?? detraction.account,
      paymentMeansCode: paymentMeansCode ?? detraction.paymentMeansCode,
    };
  }
  return payment;
}

/** UBL 2.0: detraction as additional total 2003 and additional properties 3000/3001. */
function readAdditionalDetraction({
  monetaryTotals,
  properties,
}: AdditionalInformation): UblDetraction | null {
  const total = monetaryTotals.get(DETRACTION_TOTAL);
  const code = properties.find((property) => property.code === DETRACTION_GOODS_CODE)?.value;
  const account = properties.find((property) => property.code === DETRACTION_ACCOUNT)?.value;
  if (total === undefined && code === undefined && account === undefined) return null;
  return {
    ...emptyDetraction(),
    code: code ?? null,
    percent: total?.percent ?? null,
    amount: total?.amount ?? null,
    account: account ?? null,
  };
}

function legendDetraction(notes: readonly UblNote[]): UblDetraction | null {
  return saysSubjectToDetraction(notes) ? { ...emptyDetraction(), legendOnly: true } : null;
}

/**
 * How the document is paid and what the buyer must withhold or deposit; null
 * when it says nothing of it. `notes` are the document's legends and notes.
 */
export function readPayment(
  root: XmlElement,
  additional: AdditionalInformation,
  notes: readonly UblNote[],
): UblPayment | null {
  const terms = readPaymentTerms(root);
  const payment: UblPayment = {
    ...terms,
    detraction: terms.detraction ?? readAdditionalDetraction(additional) ?? legendDetraction(notes),
    perception: readPerception(root),
    retention: readRetention(root),
  };
  const saysSomething =
    payment.method !== null ||
    payment.installments.length > 0 ||
    payment.detraction !== null ||
    payment.perception !== null ||
    payment.retention !== null;
  return saysSomething ? payment : null;
}
