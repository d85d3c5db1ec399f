import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { PURCHASE_COLUMNS, type CellKind, type ExportRow } from './purchase-list.js';

const NUMBER_FORMATS: Readonly<Record<CellKind, string | undefined>> = {
  date: 'dd/mm/yyyy',
  amount: '#,##0.00',
  integer: '0',
  text: undefined,
};

/** A real spreadsheet value: days as dates, amounts and numbers as numbers. */
function cellValue(kind: CellKind, value: string | number | null): ExcelJS.CellValue {
  if (value === null) return null;
  if (kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (kind === 'amount' || kind === 'integer') return Number(value);
  return String(value);
}

/**
 * Writes the purchase list as an XLSX workbook into `output`, committing each
 * row as it comes so the workbook is never held whole in memory.
 */
export async function writeXlsx(rows: AsyncIterable<ExportRow[]>, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Comprobantes', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = PURCHASE_COLUMNS.map((column, index) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    return {
      key: String(index),
      header: column.header,
      width: column.width,
      ...(numFmt === undefined ? {} : { style: { numFmt } }),
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: PURCHASE_COLUMNS.length },
  };
  for await (const batch of rows) {
    for (const row of batch) {
      sheet
        .addRow(PURCHASE_COLUMNS.map((column) => cellValue(column.kind, column.value(row))))
        .commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
