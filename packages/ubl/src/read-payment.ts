import { quoteValue } from './errors.js';
import type { AdditionalInformation } from './read-additional-information.js';
import { dateAt, decimalAt, requiredDecimalAt } from './read-values.js';
import type { UblInstallment, UblPayment } from './types.js';
import { all, textAt } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

type Detraction = NonNullable<UblPayment['detraction']>;

/** Catalogue 14 and 15 entries of UBL 2.0 that describe a detraction. */
const DETRACTION_TOTAL = '2003';
const DETRACTION_GOODS_CODE = '3000';
const DETRACTION_ACCOUNT = '3001';

const INSTALLMENT = /^cuota\d+$/;

/** "FormaPago", "Crédito" → "formapago", "credito": issuers vary case and accents. */
function keyword(text: string | null): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function emptyDetraction(): Detraction {
  return { code: null, percent: null, amount: null, account: null };
}

/** UBL 2.1: `cac:PaymentTerms` (FormaPago, cuotas, Detraccion) and the detraction account. */
function readPaymentTerms(root: XmlElement): UblPayment {
  const payment: UblPayment = {
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
    const account = textAt(means, 'cac:PayeeFinancialAccount/cbc:ID');
    if (account === null || keyword(textAt(means, 'cbc:ID')) !== 'detraccion') continue;
    payment.detraction = { ...(payment.detraction ?? emptyDetraction()), account };
  }
  return payment;
}

/** UBL 2.0: detraction as additional total 2003 and additional properties 3000/3001. */
function readAdditionalDetraction({
  monetaryTotals,
  properties,
}: AdditionalInformation): Detraction | null {
  const total = monetaryTotals.get(DETRACTION_TOTAL);
  const code = properties.find((property) => property.code === DETRACTION_GOODS_CODE)?.value;
  const account = properties.find((property) => property.code === DETRACTION_ACCOUNT)?.value;
  if (total === undefined && code === undefined && account === undefined) return null;
  return {
    code: code ?? null,
    percent: total?.percent ?? null,
    amount: total?.amount ?? null,
    account: account ?? null,
  };
}

/** How the document is paid; null when it does not say. */
export function readPayment(
  root: XmlElement,
  additional: AdditionalInformation,
): UblPayment | null {
  const payment = readPaymentTerms(root);
  payment.detraction ??= readAdditionalDetraction(additional);
  const saysSomething =
    payment.method !== null || payment.installments.length > 0 || payment.detraction !== null;
  return saysSomething ? payment : null;
}
