import { currencySymbol, formatAmount, formatDecimal, formatPeruvianDate } from '@sufel/contract';
import type { UblDocument, UblInstallment } from '@sufel/ubl';
import type {
  LabeledValue,
  PrintedCredit,
  PrintedDetraction,
  PrintedInstallment,
} from './printed-document.js';
import { capText, PRINT_LIMITS } from './printed-text-limits.js';
import { detractionGoodText } from './sunat-catalogs.js';

const short = (text: string): string => capText(text, PRINT_LIMITS.short);

export const DETRACTION_LEGEND =
  'Operación sujeta al Sistema de Pago de Obligaciones Tributarias con el Gobierno Central';

/** "Cuota001" → "1"; any other identifier as written; none → its position. */
function installmentLabel(installment: UblInstallment, index: number): string {
  const id = installment.id.trim();
  const numbered = /^cuota0*(\d+)$/i.exec(id);
  if (numbered) return numbered[1]!;
  return id === '' ? String(index + 1) : id;
}

function printedInstallment(
  installment: UblInstallment,
  index: number,
  symbol: string,
): PrintedInstallment {
  return {
    label: short(installmentLabel(installment, index)),
    dueDate: installment.dueDate === null ? '-' : formatPeruvianDate(installment.dueDate),
    amount: short(`${symbol} ${formatAmount(installment.amount)}`),
  };
}

/** The credit terms of a document paid in installments; null when paid in cash. */
export function printedCredit(doc: UblDocument): PrintedCredit | null {
  const payment = doc.payment;
  if (!payment || (payment.method !== 'Credito' && payment.installments.length === 0)) return null;
  const symbol = currencySymbol(doc.currency);
  const summary: LabeledValue[] = [];
  if (payment.pendingAmount !== null) {
    summary.push({
      label: 'Monto neto pendiente de pago',
      value: short(`${symbol} ${formatAmount(payment.pendingAmount)}`),
    });
  }
  summary.push({ label: 'Total de cuotas', value: String(payment.installments.length) });
  return {
    summary,
    installments: payment.installments.map((item, index) =>
      printedInstallment(item, index, symbol),
    ),
  };
}

/** The detraction (SPOT) legend and its data; null when the operation is not subject to it. */
export function printedDetraction(doc: UblDocument): PrintedDetraction | null {
  const detraction = doc.payment?.detraction;
  if (!detraction) return null;
  const details: LabeledValue[] = [];
  if (detraction.code !== null) {
    details.push({
      label: 'Bien o servicio',
      value: capText(detractionGoodText(detraction.code), PRINT_LIMITS.text),
    });
  }
  if (detraction.percent !== null) {
    details.push({
      label: 'Porcentaje',
      value: short(`${formatDecimal(detraction.percent, 0, 2)}%`),
    });
  }
  if (detraction.amount !== null) {
    // The detraction is deposited in soles whatever the document's currency.
    details.push({
      label: 'Monto de la detracción',
      value: short(`S/ ${formatAmount(detraction.amount)}`),
    });
  }
  if (detraction.account !== null) {
    details.push({ label: 'Cta. Banco de la Nación', value: short(detraction.account) });
  }
  return { legend: DETRACTION_LEGEND, details };
}
