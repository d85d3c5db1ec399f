import {
  validityWarnings,
  type DocumentDetail,
  type DocumentDto,
  type Firma,
  type Validity,
  type WithholdingDetail,
} from '@sufel/contract';
import {
  isWithholdingReceipt,
  percentOfFactor,
  type CdrInfo,
  type SunatDocument,
  type UblPayment,
  type WithholdingReceipt,
} from '@sufel/ubl';
import { verdictOfRow } from './document-verdict.js';
import type { DocumentListRow } from './list-columns.js';
import { firmaOf, sunatStatusOf } from './signature-columns.js';

/** SUNAT's answer to a document, from its CDR. */
export interface SunatAnswer {
  code: string;
  description: string;
  observations: string[];
}

/** A published document read back from its stored XML, and its CDR when there is one. */
export interface ParsedDocument {
  document: SunatDocument;
  sunat: SunatAnswer | null;
}

export function sunatAnswerOf(cdr: CdrInfo): SunatAnswer {
  return { code: cdr.responseCode, description: cdr.description, observations: cdr.observations };
}

/**
 * A document as lists show it, with its verdict; with `validity` given
 * (receivers' views), SUNAT's latest answer as `validez` and what it warns of,
 * and whether a later copy of it differed.
 */
export function toDocumentDto(row: DocumentListRow, validity?: Validity | null): DocumentDto {
  return {
    id: row.id,
    emisor: row.emisor,
    emisor_nombre: row.emisor_nombre,
    tipo: row.tipo,
    serie: row.serie,
    correlativo: String(row.numero),
    correlativo_impreso: row.numero_impreso ?? String(row.numero),
    fecha: row.fecha,
    total: Number(row.total),
    moneda: row.moneda,
    cliente_tipo: row.cliente_tipo,
    cliente_doc: row.cliente_doc,
    cliente_nombre: row.cliente_nombre,
    baja: row.baja,
    cdr: row.cdr_hash !== null,
    estado_sunat: sunatStatusOf(row),
    firma: firmaOf(row),
    origen: row.origen,
    estado: verdictOfRow(row, validity ?? null),
    ...(row.dinero_leido
      ? {
          forma_pago: row.forma_pago,
          cuotas: row.cuotas,
          detraccion: row.detraccion,
          detraccion_monto: row.detraccion_monto,
          percepcion_monto: row.percepcion_monto,
          retencion_monto: row.retencion_monto,
        }
      : {}),
    ...(validity === undefined
      ? {}
      : {
          validez: validity?.estadoCp ?? null,
          avisos_sunat: validity === null ? [] : validityWarnings(validity),
          copia_distinta: row.copia_distinta !== null,
        }),
  };
}

/** A declared factor as the percentage it means; null when it was not a number. */
function percentOf(rate: string | null): string | null {
  return rate === null ? null : percentOfFactor(rate);
}

/** The payment as the detail shows it: factors as the percentages they declare. */
function paymentDto(payment: UblPayment): NonNullable<DocumentDetail['payment']> {
  const { perception, retention } = payment;
  return {
    method: payment.method,
    pendingAmount: payment.pendingAmount,
    installments: payment.installments,
    detraction: payment.detraction,
    perception:
      perception === null
        ? null
        : {
            code: perception.code,
            percent: percentOf(perception.rate),
            amount: perception.amount,
            base: perception.base,
            currency: perception.currency,
          },
    retention:
      retention === null
        ? null
        : {
            percent: percentOf(retention.rate),
            amount: retention.amount,
            base: retention.base,
            currency: retention.currency,
          },
  };
}

function withholdingDto(receipt: WithholdingReceipt): WithholdingDetail {
  return {
    type: receipt.type,
    regime: receipt.regime,
    percent: receipt.percent,
    totalAmount: receipt.totalAmount,
    totalPaid: receipt.totalPaid,
    documents: receipt.documents.map((covered) => ({
      type: covered.type,
      documentNumber: covered.documentNumber,
      issueDate: covered.issueDate,
      total: covered.total,
      currency: covered.currency,
      amount: covered.amount,
      date: covered.date,
      netTotal: covered.netTotal,
    })),
  };
}

/**
 * A retention or perception receipt in the detail's shape: the agent as the
 * issuer, the party withheld from as the customer, no lines nor taxes, and
 * what was withheld as the payable total.
 */
function receiptDetailDto(
  receipt: WithholdingReceipt,
  sunat: SunatAnswer | null,
  firma: Firma | null,
  validity: Validity | null,
): DocumentDetail {
  return {
    ublVersion: receipt.ublVersion,
    issuer: receipt.issuer,
    customer: receipt.receiver,
    issueDate: receipt.issueDate,
    issueTime: receipt.issueTime,
    dueDate: null,
    currency: receipt.currency,
    lines: [],
    taxes: [],
    totals: {
      lineExtension: null,
      taxExclusive: null,
      taxInclusive: null,
      allowance: null,
      charge: null,
      prepaid: null,
      tax: null,
      payable: receipt.totalAmount,
    },
    notes: receipt.notes,
    payment: null,
    reference: null,
    signature: receipt.signature,
    firma,
    sunat,
    validity,
    withholding: withholdingDto(receipt),
  };
}

export function toDetailDto(
  parsed: ParsedDocument,
  firma: Firma | null,
  validity: Validity | null,
): DocumentDetail {
  const { document: doc, sunat } = parsed;
  if (isWithholdingReceipt(doc)) return receiptDetailDto(doc, sunat, firma, validity);
  return {
    ublVersion: doc.ublVersion,
    issuer: doc.issuer,
    customer: doc.customer,
    issueDate: doc.issueDate,
    issueTime: doc.issueTime,
    dueDate: doc.dueDate,
    currency: doc.currency,
    lines: doc.lines,
    taxes: doc.taxes,
    totals: doc.totals,
    notes: doc.notes,
    payment: doc.payment === null ? null : paymentDto(doc.payment),
    reference: doc.reference,
    signature: doc.signature,
    firma,
    sunat,
    validity,
    withholding: null,
  };
}
