import { MAX_AMOUNT_INTEGER_DIGITS } from '@sufel/contract';
import {
  integerDigits,
  printedNumberOf,
  registerAmountsOf,
  type CdrInfo,
  type RegisterAmounts,
  type UblDocument,
  type WithholdingReceipt,
} from '@sufel/ubl';
import type { DocumentUpdate } from '../../db/types.js';
import { AppError, said } from '../../errors.js';

export type RegisterColumns = Required<
  Pick<
    DocumentUpdate,
    | 'base_gravada'
    | 'exonerado'
    | 'inafecto'
    | 'gratuito'
    | 'igv'
    | 'isc'
    | 'icbper'
    | 'otros_cargos'
    | 'descuentos'
    | 'vencimiento'
    | 'ref_tipo'
    | 'ref_serie'
    | 'ref_numero'
    | 'motivo_codigo'
    | 'motivo'
    | 'importes_leidos'
    | 'numero_impreso'
  >
>;

/** Keeps a text within a column's width: a note's reference is free text in the XML. */
function fit(text: string | null, width: number): string | null {
  return text === null ? null : text.slice(0, width);
}

type StoredAmount = Exclude<keyof RegisterAmounts, 'currency' | 'dueDate' | 'reference'>;

/** Where each stored amount comes from, as a publisher reads its XML. */
const AMOUNT_SOURCES: Readonly<Record<StoredAmount, string>> = {
  taxedBase: 'la base gravada (cbc:TaxableAmount del tributo 1000/1016)',
  exonerated: 'la base exonerada (cbc:TaxableAmount del tributo 9997)',
  unaffected: 'la base inafecta (cbc:TaxableAmount del tributo 9998)',
  free: 'el valor de las operaciones gratuitas (cbc:TaxableAmount del tributo 9996)',
  igv: 'el IGV (cbc:TaxAmount del tributo 1000/1016)',
  isc: 'el ISC (cbc:TaxAmount del tributo 2000)',
  icbper: 'el ICBPER (cbc:TaxAmount del tributo 7152)',
  otherCharges: 'los otros cargos (cbc:ChargeTotalAmount y el tributo 9999)',
  discounts: 'los descuentos (cbc:AllowanceTotalAmount)',
  payable: 'el importe total (cbc:PayableAmount)',
};

/**
 * The amounts of a document that fit the store's NUMERIC(18, 2) columns;
 * a bad request naming the first one that does not. Sums of many subtotals
 * can outgrow a column even when each stated amount fits.
 */
export function storableAmountsOf(doc: UblDocument): RegisterAmounts {
  const amounts = registerAmountsOf(doc);
  for (const [field, source] of Object.entries(AMOUNT_SOURCES) as [StoredAmount, string][]) {
    if (integerDigits(amounts[field]) > MAX_AMOUNT_INTEGER_DIGITS) {
      throw new AppError(
        'bad_request',
        said('amountTooLarge', {
          source,
          amount: amounts[field],
          digits: MAX_AMOUNT_INTEGER_DIGITS,
        }),
      );
    }
  }
  return amounts;
}

/** The stored register columns of a parsed document. */
export function registerColumnsOf(doc: UblDocument): RegisterColumns {
  const amounts = storableAmountsOf(doc);
  const reference = amounts.reference;
  return {
    base_gravada: amounts.taxedBase,
    exonerado: amounts.exonerated,
    inafecto: amounts.unaffected,
    gratuito: amounts.free,
    igv: amounts.igv,
    isc: amounts.isc,
    icbper: amounts.icbper,
    otros_cargos: amounts.otherCharges,
    descuentos: amounts.discounts,
    vencimiento: amounts.dueDate,
    ref_tipo: fit(reference?.type ?? null, 2),
    ref_serie: fit(reference?.series ?? null, 4),
    ref_numero: fit(reference?.number ?? null, 20),
    motivo_codigo: fit(reference?.reasonCode ?? null, 2),
    motivo: reference?.reason ?? null,
    importes_leidos: true,
    numero_impreso: printedNumberOf(doc.id),
  };
}

/**
 * A retention or perception receipt has no sale to register: no taxed base,
 * no IGV. Its columns are read (nothing to fill later) and zero.
 */
export function withholdingRegisterColumns(receipt: WithholdingReceipt): RegisterColumns {
  return {
    base_gravada: '0.00',
    exonerado: '0.00',
    inafecto: '0.00',
    gratuito: '0.00',
    igv: '0.00',
    isc: '0.00',
    icbper: '0.00',
    otros_cargos: '0.00',
    descuentos: '0.00',
    vencimiento: null,
    ref_tipo: null,
    ref_serie: null,
    ref_numero: null,
    motivo_codigo: null,
    motivo: null,
    importes_leidos: true,
    numero_impreso: printedNumberOf(receipt.id),
  };
}

/** SUNAT's response code as stored, from a CDR already checked. */
export function cdrCodeOf(cdr: CdrInfo | null): string | null {
  return cdr === null ? null : fit(cdr.responseCode, 4);
}
