/**
 * SUNAT's CAR (Código de Anotación en el Registro, Anexo 1 Tabla 7 of
 * RS 112-2021 as amended): the 27-character key that names one document in
 * SIRE's registers, and so the key that matches a proposal row to a stored
 * document. Pure, safe in the browser.
 */

export interface CarParts {
  /** RUC (or identity document) of the issuer. */
  issuerRuc: string;
  /** Document type, catalogue 01 ("01" factura, "07" nota de crédito…). */
  type: string;
  series: string;
  /** As printed or as stored: leading zeros make no difference. */
  number: string | number;
}

export const CAR_LENGTH = 27;

const CAR = /^[0-9A-Z]{27}$/;

/**
 * One part in its fixed-width slot: left-padded with zeros, an empty part all
 * zeros, and a longer part keeping its rightmost characters, as Tabla 7 says.
 */
function slot(value: string, width: number): string {
  const text = value.trim().toUpperCase();
  return text.length > width ? text.slice(-width) : text.padStart(width, '0');
}

/** RUC (11) + type (2) + series (4) + number (10). */
export function carOf({ issuerRuc, type, series, number }: CarParts): string {
  return slot(issuerRuc, 11) + slot(type, 2) + slot(series, 4) + slot(String(number), 10);
}

/** Twenty-seven digits or capital letters: the shape of every CAR. */
export function isCar(text: string): boolean {
  return CAR.test(text);
}
