export * from './amount-in-words.js';
export type { PrintOptions, SunatAnswer } from './print-options.js';
export { renderPrintedDocument } from './render-printed-document.js';
