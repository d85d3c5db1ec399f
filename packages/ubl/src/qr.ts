/**
 * The text of the QR code SUNAT asks every printed receipt to carry:
 * `RUC|tipo|serie|número|IGV|total|fecha|tipo doc adquirente|número doc adquirente|`
 * optionally followed by the digest value. Pure, safe in the browser.
 */
import { formatCalendarDate } from './dates.js';
import { isDecimal, toTwoDecimals } from './decimal.js';
import {
  isValidSeries,
  normalizeNumber,
  normalizeSeries,
  parseSeriesNumber,
} from './identifiers.js';
import type { UblDocumentType, WithholdingType } from './types.js';

/** The catalogue 01 types whose printed receipts carry SUNAT's QR. */
type QrDocumentType = UblDocumentType | WithholdingType;

export interface SunatQr {
  ruc: string;
  tipo: QrDocumentType;
  /** Upper-cased ("F001"). */
  serie: string;
  /** Without leading zeros ("123"). */
  numero: string;
  /** Two decimals ("18.00"). */
  igv: string;
  /** Two decimals ("118.00"). */
  total: string;
  /** `YYYY-MM-DD`. */
  fecha: string;
  /** Catalogue 06 type of the buyer's document, when printed. */
  clienteTipo: string | null;
  clienteDoc: string | null;
  /** Digest value of the signature, when printed. */
  hash: string | null;
}

export type SunatQrFields = Omit<SunatQr, 'clienteTipo' | 'clienteDoc' | 'hash'> &
  Partial<Pick<SunatQr, 'clienteTipo' | 'clienteDoc' | 'hash'>>;

const DOCUMENT_TYPES: readonly QrDocumentType[] = ['01', '03', '07', '08', '20', '40'];
const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const CUSTOMER_DOCUMENT_TYPE = /^[0-9A-Z-]$/;
const CUSTOMER_DOCUMENT = /^[0-9A-Z-]{1,20}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function readDocumentType(text: string): QrDocumentType | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const padded = text.padStart(2, '0');
  return DOCUMENT_TYPES.find((type) => type === padded) ?? null;
}

/** "1,180.00", "11,80", "118" → "1180.00", "11.80", "118.00". */
function readAmount(text: string): string | null {
  let amount = text.replace(/\s+/g, '');
  if (THOUSANDS.test(amount)) amount = amount.replace(/,/g, '');
  else if (DECIMAL_COMMA.test(amount)) amount = amount.replace(',', '.');
  return isDecimal(amount) ? toTwoDecimals(amount) : null;
}

/** "2024-11-25", "25/11/2024", "25-11-2024" → "2024-11-25". */
function readDate(text: string): string | null {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst !== null) return formatCalendarDate(yearFirst[1]!, yearFirst[2]!, yearFirst[3]!);
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst !== null) return formatCalendarDate(dayFirst[3]!, dayFirst[2]!, dayFirst[1]!);
  return null;
}

/** An optional field: null when blank, undefined when it holds something that does not fit. */
function optional(text: string | undefined, pattern: RegExp): string | null | undefined {
  if (text === undefined || text === '') return null;
  return pattern.test(text) ? text : undefined;
}

/** The pipe-separated fields, trimmed, with series and number split when printed together. */
function splitFields(text: string): string[] {
  const fields = text
    .replace(/^\uFEFF/, '')
    .replace(/[\r\n]+/g, '')
    .split('|')
    .map((field) => field.trim());
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  const joined = parseSeriesNumber(fields[2] ?? '');
  if (joined !== null) fields.splice(2, 1, joined.series, joined.number);
  return fields;
}

/**
 * Reads the text of a receipt's QR code, leniently: spaces around pipes,
 * zero-padded numbers, type "1" for "01", dates as dd/mm/yyyy, thousands
 * separators, a missing trailing pipe, line breaks, lower-case series, series
 * and number as "F001-123" in one field. Null when it is not such a QR.
 */
export function parseSunatQr(text: string): SunatQr | null {
  const [ruc, tipo, serie, numero, igv, total, fecha, clienteTipo, clienteDoc, hash] =
    splitFields(text);
  if (ruc === undefined || !/^\d{11}$/.test(ruc)) return null;
  const fields = {
    tipo: readDocumentType(tipo ?? ''),
    serie: serie === undefined ? null : normalizeSeries(serie),
    numero: numero === undefined ? null : normalizeNumber(numero),
    igv: igv === undefined ? null : readAmount(igv),
    total: total === undefined ? null : readAmount(total),
    fecha: fecha === undefined ? null : readDate(fecha),
    clienteTipo: optional(clienteTipo?.toUpperCase(), CUSTOMER_DOCUMENT_TYPE),
    clienteDoc: optional(clienteDoc?.toUpperCase(), CUSTOMER_DOCUMENT),
    hash: optional(hash, BASE64),
  };
  if (
    fields.tipo === null ||
    fields.serie === null ||
    !isValidSeries(fields.serie) ||
    fields.numero === null ||
    fields.igv === null ||
    fields.total === null ||
    fields.fecha === null ||
    fields.clienteTipo === undefined ||
    fields.clienteDoc === undefined ||
    fields.hash === undefined
  ) {
    return null;
  }
  return {
    ruc,
    tipo: fields.tipo,
    serie: fields.serie,
    numero: fields.numero,
    igv: fields.igv,
    total: fields.total,
    fecha: fields.fecha,
    clienteTipo: fields.clienteTipo,
    clienteDoc: fields.clienteDoc,
    hash: fields.hash,
  };
}

/**
 * The canonical QR text: amounts with two decimals, date `YYYY-MM-DD`, number
 * without leading zeros, a trailing pipe, then the digest value when given.
 */
export function formatSunatQr(fields: SunatQrFields): string {
  const numero = normalizeNumber(fields.numero);
  if (numero === null) throw new RangeError(`Not a document number: ${fields.numero}`);
  if (readDate(fields.fecha) !== fields.fecha) throw new RangeError(`Not a date: ${fields.fecha}`);
  const parts = [
    fields.ruc,
    fields.tipo,
    normalizeSeries(fields.serie),
    numero,
    toTwoDecimals(fields.igv),
    toTwoDecimals(fields.total),
    fields.fecha,
    fields.clienteTipo ?? '',
    fields.clienteDoc ?? '',
  ];
  return `${parts.join('|')}|${fields.hash ?? ''}`;
}
