export { UblError } from './errors.js';
export * from './identifiers.js';
export { parseCdr } from './parse-cdr.js';
export { parseUblDocument } from './parse-ubl-document.js';
export { formatSunatQr, parseSunatQr, type SunatQr, type SunatQrFields } from './qr.js';
export type * from './types.js';
