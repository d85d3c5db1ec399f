import { PURCHASE_COLUMNS, type ExportRow } from './purchase-list.js';

/** Lets Excel read the file as UTF-8, so accents show right. */
export const UTF8_BOM = '\uFEFF';

/** Text an issuer wrote could start a spreadsheet formula; a leading apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null, isText: boolean): string {
  if (value === null) return '';
  let text = String(value);
  if (isText && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(): string {
  return `${PURCHASE_COLUMNS.map((column) => csvField(column.header, true)).join(',')}\r\n`;
}

/** One CSV line: days `YYYY-MM-DD`, amounts with a decimal point, as Peru writes them. */
export function csvLine(row: ExportRow): string {
  return `${PURCHASE_COLUMNS.map((column) => csvField(column.value(row), column.kind === 'text')).join(',')}\r\n`;
}

/** The whole purchase list as CSV text chunks, a batch of rows at a time. */
export async function* csvChunks(rows: AsyncIterable<ExportRow[]>): AsyncGenerator<string> {
  yield UTF8_BOM + csvHeader();
  for await (const batch of rows) yield batch.map(csvLine).join('');
}
