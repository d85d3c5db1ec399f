/**
 * Names a printed document shows for SUNAT catalogue codes. Unknown codes are
 * printed as they come, so nothing the XML states is hidden.
 */

import { DOCUMENT_TYPES, detractionGoodText, isDocumentTypeCode, unitName } from '@sufel/contract';

/** Catalogue 06, identity document types, as short labels. */
const IDENTITY_DOCUMENTS: Readonly<Record<string, string>> = {
  '0': 'Doc. trib. no domiciliado sin RUC',
  '1': 'DNI',
  '4': 'CE',
  '6': 'RUC',
  '7': 'Pasaporte',
  A: 'Cédula diplomática',
  B: 'Doc. de identidad del país de residencia',
  C: 'TIN',
  D: 'IN',
  E: 'TAM',
  F: 'PTP',
  G: 'Salvoconducto',
  '-': 'Sin documento',
};

/** Catalogue 09, reasons for a credit note. */
const CREDIT_NOTE_REASONS: Readonly<Record<string, string>> = {
  '01': 'Anulación de la operación',
  '02': 'Anulación por error en el RUC',
  '03': 'Corrección por error en la descripción',
  '04': 'Descuento global',
  '05': 'Descuento por ítem',
  '06': 'Devolución total',
  '07': 'Devolución por ítem',
  '08': 'Bonificación',
  '09': 'Disminución en el valor',
  '10': 'Otros conceptos',
  '11': 'Ajustes de operaciones de exportación',
  '12': 'Ajustes afectos al IVAP',
  '13': 'Ajustes - montos y/o fechas de pago',
};

/** Catalogue 10, reasons for a debit note. */
const DEBIT_NOTE_REASONS: Readonly<Record<string, string>> = {
  '01': 'Intereses por mora',
  '02': 'Aumento en el valor',
  '03': 'Penalidades / otros conceptos',
  '11': 'Ajustes de operaciones de exportación',
  '12': 'Ajustes afectos al IVAP',
};

/** "RUC", "DNI", "CE", "Pasaporte", "Sin documento"…; an unknown code as "Doc. tipo X". */
export function identityDocumentLabel(code: string): string {
  return IDENTITY_DOCUMENTS[code.trim().toUpperCase()] ?? `Doc. tipo ${code}`;
}

/** Name of a modified document's type: the published types by title, others by code. */
export function documentTypeName(code: string): string {
  return isDocumentTypeCode(code) ? DOCUMENT_TYPES[code].title : `Documento tipo ${code}`;
}

/** "07 - Devolución por ítem" for a credit (07) or debit (08) note reason. */
export function noteReasonText(noteType: '07' | '08', code: string): string {
  const reasons = noteType === '07' ? CREDIT_NOTE_REASONS : DEBIT_NOTE_REASONS;
  const name = reasons[code];
  return name === undefined ? code : `${code} - ${name}`;
}

/** Catalogues 03 (units) and 54 (detracción goods): the screen and the PDF share one table. */
export { detractionGoodText, unitName };
