export { CAR_LENGTH, carOf, isCar, type CarParts } from './car.js';
export { formatCalendarDate } from './dates.js';
export { addDecimals, integerDigits, percentOfFactor } from './decimal.js';
export { UblError, formatSize, quoteValue } from './errors.js';
export * from './identifiers.js';
export {
  moneySummaryOf,
  readMoneyFacts,
  type MoneyFacts,
  type MoneySummary,
} from './money-facts.js';
export { parseCdr } from './parse-cdr.js';
export {
  parseSignedSunatDocument,
  parseSignedSunatDocumentIfCheap,
  parseSignedUblDocument,
  parseSignedUblDocumentIfCheap,
  parseSunatDocument,
  parseUblDocument,
} from './parse-ubl-document.js';
export { formatSunatQr, parseSunatQr, type SunatQr, type SunatQrFields } from './qr.js';
export {
  registerAmountsOf,
  type RegisterAmounts,
  type RegisterReference,
} from './register-amounts.js';
export { isWithholdingReceipt } from './sunat-document.js';
export type * from './types.js';
export { readCdrXml } from './unzip-cdr.js';
export {
  DEFAULT_ZIP_LIMITS,
  openZip,
  type ZipArchive,
  type ZipEntry,
  type ZipLimits,
  type ZipOptions,
} from './zip-archive.js';
