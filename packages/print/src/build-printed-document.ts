import {
  currencyName,
  currencySymbol,
  DOCUMENT_TYPES,
  formatPeruvianDate,
  isDocumentTypeCode,
  normalizeAmount,
  VERDICT_WORDS,
} from '@sufel/contract';
import type { UblDocument } from '@sufel/ubl';
import { amountInWords } from './amount-in-words.js';
import type { PrintOptions } from './print-options.js';
import type { LabeledValue, PrintedDocument } from './printed-document.js';
import { printedLine } from './printed-lines.js';
import { printedCredit, printedDetraction } from './printed-payment.js';
import { capParagraphs, capText, PRINT_LIMITS } from './printed-text-limits.js';
import { printedTotals } from './printed-totals.js';
import { documentTypeName, identityDocumentLabel, noteReasonText } from './sunat-catalogs.js';

/** Catalogue 52 code of the amount-in-words legend, which the printed "SON:" line replaces. */
const AMOUNT_IN_WORDS_LEGEND = '1000';

const PAYMENT_METHODS = { Contado: 'Contado', Credito: 'Crédito' } as const;

export function blankToNull(text: string | null): string | null {
  return text === null || text.trim() === '' ? null : text.trim();
}

/** The trade name, unless it only repeats the legal name. */
export function distinctTradeName(name: string, tradeName: string | null): string | null {
  const trade = blankToNull(tradeName);
  return trade !== null && trade.toUpperCase() !== name.trim().toUpperCase() ? trade : null;
}

/** "RUC 20415932376"; a placeholder number ("-", "0", none) prints the label alone. */
export function customerDocument(type: string, number: string): string {
  const label = identityDocumentLabel(type);
  const meaningful = number.trim() !== '' && !/^[-0]+$/.test(number.trim());
  if (!meaningful) return label;
  return type.trim() === '-' ? `${label} (${number.trim()})` : `${label} ${number.trim()}`;
}

function customerRows(doc: UblDocument): LabeledValue[] {
  const rows = [
    {
      label: 'Señor(es)',
      value: capText(blankToNull(doc.customer.name) ?? '-', PRINT_LIMITS.name),
    },
    {
      label: 'Documento',
      value: customerDocument(doc.customer.documentType, doc.customer.documentNumber),
    },
  ];
  const address = blankToNull(doc.customer.address);
  if (address !== null) {
    rows.push({ label: 'Dirección', value: capText(address, PRINT_LIMITS.text) });
  }
  return rows;
}

function detailRows(doc: UblDocument): LabeledValue[] {
  const rows = [{ label: 'Fecha de emisión', value: formatPeruvianDate(doc.issueDate) }];
  if (doc.dueDate !== null) {
    rows.push({ label: 'Fecha de vencimiento', value: formatPeruvianDate(doc.dueDate) });
  }
  rows.push({ label: 'Moneda', value: currencyName(doc.currency) });
  const method = doc.payment?.method ?? null;
  if (method !== null) rows.push({ label: 'Forma de pago', value: PAYMENT_METHODS[method] });
  return rows;
}

function referenceRows(doc: UblDocument): LabeledValue[] | null {
  const reference = doc.reference;
  if (reference === null || (doc.type !== '07' && doc.type !== '08')) return null;
  const rows = [
    {
      label: 'Documento que modifica',
      value: capText(reference.documentNumber, PRINT_LIMITS.short),
    },
  ];
  if (reference.type !== null) {
    rows.push({ label: 'Tipo de documento', value: documentTypeName(reference.type) });
  }
  if (reference.reasonCode !== null) {
    rows.push({ label: 'Motivo', value: noteReasonText(doc.type, reference.reasonCode) });
  }
  const reason = blankToNull(reference.reason);
  if (reason !== null) rows.push({ label: 'Sustento', value: capText(reason, PRINT_LIMITS.text) });
  return rows;
}

/** "Representación impresa de la FACTURA…", "… del COMPROBANTE DE RETENCIÓN…". */
export function representationOf(title: string): string {
  const article = title.startsWith('COMPROBANTE') ? 'del' : 'de la';
  return `Representación impresa ${article} ${title}`;
}

export function verificationLines(
  doc: Pick<UblDocument, 'signature'>,
  title: string,
  options: PrintOptions,
): string[] {
  const lines = [representationOf(title)];
  const digest = doc.signature.present ? blankToNull(doc.signature.digestValue) : null;
  if (digest !== null) lines.push(`Resumen: ${digest}`);
  const consultUrl = blankToNull(options.consultUrl ?? null);
  const portalName = blankToNull(options.portalName ?? null);
  if (consultUrl !== null) lines.push(`Consulte su documento en: ${consultUrl}`);
  else if (portalName !== null) {
    lines.push(`Consulte su documento en el portal ${portalName}, opción «Consulta individual».`);
  }
  if (options.sunat) {
    lines.push(`Respuesta SUNAT: ${options.sunat.code} - ${options.sunat.description}`);
    const observations = options.sunat.observations ?? [];
    for (const observation of observations.slice(0, PRINT_LIMITS.observations)) {
      lines.push(`Observación: ${observation}`);
    }
    if (observations.length > PRINT_LIMITS.observations) {
      lines.push(`${observations.length - PRINT_LIMITS.observations} observaciones más en el CDR.`);
    }
  }
  return lines.map((line) => capText(line, PRINT_LIMITS.text));
}

export function capName(name: string | null): string | null {
  return name === null ? null : capText(name, PRINT_LIMITS.name);
}

export function capAddress(address: string | null): string | null {
  return address === null ? null : capText(address, PRINT_LIMITS.text);
}

function payableInWords(doc: UblDocument): string {
  const payable = normalizeAmount(doc.totals.payable);
  if (payable === null) {
    throw new RangeError(`The payable total "${doc.totals.payable}" is not an amount`);
  }
  return `SON: ${amountInWords(payable, doc.currency)}`;
}

/** Words and figures of the printed representation of `doc`. */
export function buildPrintedDocument(doc: UblDocument, options: PrintOptions): PrintedDocument {
  if (!isDocumentTypeCode(doc.type)) {
    throw new RangeError(`Document type "${String(doc.type)}" has no printed representation`);
  }
  const title = DOCUMENT_TYPES[doc.type].title;
  return {
    title,
    number: doc.id.trim().toUpperCase(),
    issuer: {
      ruc: doc.issuer.ruc,
      name: capText(doc.issuer.name, PRINT_LIMITS.name),
      tradeName: capName(distinctTradeName(doc.issuer.name, doc.issuer.tradeName)),
      address: capAddress(blankToNull(doc.issuer.address)),
    },
    customer: customerRows(doc),
    details: detailRows(doc),
    reference: referenceRows(doc),
    lines: doc.lines.map(printedLine),
    covered: null,
    currencySymbol: currencySymbol(doc.currency),
    totals: printedTotals(doc),
    amountInWords: payableInWords(doc),
    notes: capParagraphs(
      doc.notes
        .filter((note) => note.code !== AMOUNT_IN_WORDS_LEGEND)
        .map((note) => note.text.trim())
        .filter((text) => text !== ''),
      PRINT_LIMITS.notes,
    ),
    credit: printedCredit(doc),
    detraction: printedDetraction(doc),
    qrText: options.qrText,
    verification: verificationLines(doc, title, options),
    voided: options.voided === true,
    verdict: options.verdict === undefined ? null : VERDICT_WORDS[options.verdict],
  };
}
