import { moneySummaryOf, type UblPayment } from '@sufel/ubl';
import type { DocumentInstallmentsTable, DocumentUpdate } from '../../db/types.js';

export type MoneyColumns = Required<
  Pick<
    DocumentUpdate,
    | 'forma_pago'
    | 'cuotas'
    | 'detraccion'
    | 'detraccion_codigo'
    | 'detraccion_porcentaje'
    | 'detraccion_monto'
    | 'detraccion_cuenta'
    | 'detraccion_medio'
    | 'percepcion_codigo'
    | 'percepcion_monto'
    | 'retencion_monto'
    | 'dinero_leido'
  >
>;

export type InstallmentRow = Omit<DocumentInstallmentsTable, 'document_id'>;

/** What lists and the money views keep of a document's payment. */
export interface MoneyFactsColumns {
  columns: MoneyColumns;
  installments: InstallmentRow[];
}

/** Keeps a declared code or account within its column: they are free text in the XML. */
function fit(text: string | null, width: number): string | null {
  return text === null ? null : text.slice(0, width);
}

/**
 * The stored money facts of a document's payment (null for documents that
 * state none, such as retention and perception receipts). Nothing is
 * computed: amounts and percentages are the issuer's.
 */
export function moneyColumnsOf(payment: UblPayment | null): MoneyFactsColumns {
  const summary = moneySummaryOf(payment);
  return {
    columns: {
      forma_pago: summary.paymentForm,
      cuotas: summary.installmentCount,
      detraccion: summary.detraction,
      detraccion_codigo: fit(summary.detractionCode, 3),
      detraccion_porcentaje: summary.detractionPercent,
      detraccion_monto: summary.detractionAmount,
      detraccion_cuenta: fit(summary.detractionAccount, 40),
      detraccion_medio: fit(payment?.detraction?.paymentMeansCode ?? null, 3),
      percepcion_codigo: fit(payment?.perception?.code ?? null, 2),
      percepcion_monto: summary.perceptionAmount,
      retencion_monto: summary.retentionAmount,
      dinero_leido: true,
    },
    installments: (payment?.installments ?? []).map((installment, index) => ({
      cuota: index + 1,
      identificador: installment.id.slice(0, 40),
      monto: installment.amount,
      vence: installment.dueDate,
    })),
  };
}
