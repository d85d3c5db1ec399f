import { formatCalendarDate } from '@sufel/ubl';
import { formatCents, type Cents } from '../amounts.js';
import { AMOUNT_KEYS } from '../proposal/columns.js';
import type { ProposalAmounts } from '../proposal/types.js';
import {
  uploadFile,
  UploadFileError,
  uploadFileName,
  uploadText,
  type UploadFields,
  type UploadFile,
} from './upload-file.js';

/** A document to add to the proposal, as SUFEL holds it. */
export interface ComplementDocument {
  /** `YYYY-MM-DD`, in or before the period. */
  issueDate: string;
  dueDate?: string | null;
  type: string;
  series: string;
  number: string;
  /** Catalogue 06 type ("6" RUC), number and name of the issuer. */
  supplier: { idType: string; id: string; name: string };
  /**
   * In cents, as the document states them: credit notes (07, 87) are written
   * negative whatever their sign here, so a negative amount is never negated twice.
   */
  amounts: Partial<ProposalAmounts> & Pick<ProposalAmounts, 'total'>;
  currency: string;
  /** Required for a currency other than PEN ("3.373"); PEN is written 1.000. */
  exchangeRate?: string | null;
  /** The document a credit or debit note modifies; required for 07, 08, 87 and 88. */
  modified?: { issueDate: string; type: string; series: string; number: string } | null;
}

export interface ComplementFileInput {
  receiverRuc: string;
  receiverName: string;
  /** The proposal's period, `AAAAMM`. */
  period: string;
  /** NN of the file name, from 1. */
  sequence: number;
  documents: readonly ComplementDocument[];
}

const NEGATIVE_TYPES = new Set(['07', '87']);
const NOTE_TYPES = new Set(['07', '08', '87', '88']);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RATE = /^(\d{1,4})(?:\.(\d{1,3}))?$/;

/** `YYYY-MM-DD` → `DD/MM/AAAA`, or null when it is not a calendar day. */
function sunatDate(date: string): string | null {
  const match = ISO_DATE.exec(date);
  if (match === null || formatCalendarDate(match[1]!, match[2]!, match[3]!) === null) return null;
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** `#.###`, as field 27 asks. */
function exchangeRateText(rate: string): string | null {
  const match = RATE.exec(rate.trim());
  return match === null ? null : `${match[1]}.${(match[2] ?? '').padEnd(3, '0')}`;
}

/** The 37 fields of one document, or a Spanish reason it cannot be sent. */
function complementFields(
  input: ComplementFileInput,
  document: ComplementDocument,
): UploadFields | string {
  const issueDate = sunatDate(document.issueDate);
  if (issueDate === null) return `la fecha de emisión '${document.issueDate}' no es válida`;
  if (document.issueDate.slice(0, 7).replace('-', '') > input.period) {
    return 'su fecha de emisión es posterior al periodo';
  }
  const dueDate = document.dueDate == null ? '' : sunatDate(document.dueDate);
  if (dueDate === null) return `la fecha de vencimiento '${document.dueDate}' no es válida`;
  if (!/^[0-9A-Z]{2}$/.test(document.type)) return `el tipo '${document.type}' no es válido`;
  if (document.number.trim() === '') return 'le falta el número';
  if (document.supplier.id.trim() === '') return 'le falta el documento del emisor';
  const currency = document.currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return `la moneda '${document.currency}' no es válida`;
  const rate = document.exchangeRate == null ? null : exchangeRateText(document.exchangeRate);
  if (currency !== 'PEN' && rate === null) {
    return `en ${currency} necesita el tipo de cambio (#.###)`;
  }
  const modified = document.modified ?? null;
  if (NOTE_TYPES.has(document.type) && modified === null) {
    return 'una nota necesita el comprobante que modifica';
  }
  const modifiedDate = modified === null ? '' : sunatDate(modified.issueDate);
  if (modifiedDate === null) return 'la fecha del comprobante modificado no es válida';

  const negative = NEGATIVE_TYPES.has(document.type);
  const amounts: UploadFields = {};
  for (const key of AMOUNT_KEYS) {
    const cents: Cents = document.amounts[key] ?? 0;
    if (!Number.isSafeInteger(cents)) return `el importe ${key} no es un número de céntimos`;
    // Tabla 12 writes a negative as "- #.##": the sign before the figures, as SUNAT's own proposal does ("-313.56").
    amounts[key] = formatCents(negative ? -Math.abs(cents) : cents);
  }
  return {
    receiverRuc: input.receiverRuc,
    receiverName: uploadText(input.receiverName),
    period: input.period,
    issueDate,
    dueDate,
    type: document.type,
    series: document.series.trim().toUpperCase(),
    number: document.number.trim(),
    supplierIdType: document.supplier.idType,
    supplierId: document.supplier.id.trim(),
    supplierName: uploadText(document.supplier.name),
    ...amounts,
    currency,
    exchangeRate: rate ?? '1.000',
    modifiedIssueDate: modifiedDate,
    modifiedType: modified?.type ?? '',
    modifiedSeries: modified?.series.trim().toUpperCase() ?? '',
    modifiedNumber: modified?.number.trim() ?? '',
  };
}

/**
 * The complement file (`RRRRRRRRRRR-CP-AAAAMM-NN.txt`, Annex 8, "incluir
 * comprobantes"): documents SUNAT did not propose, in the proposal's layout,
 * fields 1 to 37 (38 to 41 are SUNAT's; CAR left for SUNAT to fill).
 */
export function complementFile(input: ComplementFileInput): UploadFile {
  const name = uploadFileName('CP', input.receiverRuc, input.period, input.sequence);
  if (uploadText(input.receiverName) === '') {
    throw new UploadFileError('invalid_file', 'Falta la razón social del receptor.');
  }
  const rows = input.documents.map((document) => {
    const fields = complementFields(input, document);
    if (typeof fields === 'string') {
      throw new UploadFileError(
        'invalid_row',
        `El comprobante ${document.type} ${document.series}-${document.number} de ${document.supplier.id} no puede enviarse: ${fields}.`,
      );
    }
    return fields;
  });
  return uploadFile(name, rows);
}
