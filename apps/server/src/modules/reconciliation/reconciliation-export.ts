import {
  RECONCILIATION_GROUP_WORDS,
  RECONCILIATION_GROUPS,
  type ReconciliationGroup,
  type ReconciliationSummary,
} from '@sufel/contract';
import ExcelJS from 'exceljs';
import { PassThrough, Readable } from 'node:stream';
import { UTF8_BOM } from '../export/csv-export.js';

/** One line of a group, proposed or held, as the export writes it. */
export interface ExportLine {
  linea: number | null;
  car: string;
  tipo: string;
  serie: string;
  numero: string;
  emisor: string;
  emisor_nombre: string;
  fecha: string;
  moneda: string;
  total_sire: string | null;
  base_sire: string | null;
  igv_sire: string | null;
  total_sufel: string | null;
  base_sufel: string | null;
  igv_sufel: string | null;
  motivo: string;
}

export interface ReconciliationExport {
  period: string;
  summary: ReconciliationSummary;
  errors: readonly { linea: number; mensaje: string }[];
  /** Each group's lines, in batches, read when the group's sheet is written. */
  lines(group: ReconciliationGroup): AsyncIterable<ExportLine[]>;
}

type Kind = 'integer' | 'text' | 'date' | 'amount';

const COLUMNS: readonly { header: string; key: keyof ExportLine; kind: Kind; width: number }[] = [
  { header: 'Línea', key: 'linea', kind: 'integer', width: 7 },
  { header: 'CAR', key: 'car', kind: 'text', width: 30 },
  { header: 'Tipo', key: 'tipo', kind: 'text', width: 6 },
  { header: 'Serie', key: 'serie', kind: 'text', width: 7 },
  { header: 'Número', key: 'numero', kind: 'text', width: 11 },
  { header: 'RUC emisor', key: 'emisor', kind: 'text', width: 13 },
  { header: 'Emisor', key: 'emisor_nombre', kind: 'text', width: 36 },
  { header: 'Fecha de emisión', key: 'fecha', kind: 'date', width: 12 },
  { header: 'Moneda', key: 'moneda', kind: 'text', width: 8 },
  { header: 'Total SIRE', key: 'total_sire', kind: 'amount', width: 14 },
  { header: 'Base imponible SIRE', key: 'base_sire', kind: 'amount', width: 14 },
  { header: 'IGV SIRE', key: 'igv_sire', kind: 'amount', width: 12 },
  { header: 'Total SUFEL', key: 'total_sufel', kind: 'amount', width: 14 },
  { header: 'Base imponible SUFEL', key: 'base_sufel', kind: 'amount', width: 14 },
  { header: 'IGV SUFEL', key: 'igv_sufel', kind: 'amount', width: 12 },
  { header: 'Motivo', key: 'motivo', kind: 'text', width: 80 },
];

const NUMBER_FORMATS: Readonly<Record<Kind, string | undefined>> = {
  date: 'dd/mm/yyyy',
  amount: '#,##0.00',
  integer: '0',
  text: undefined,
};

/** Text written by suppliers could start a spreadsheet formula; a leading apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(kind: Kind, value: string | number | null): ExcelJS.CellValue {
  if (value === null) return null;
  if (kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (kind === 'amount' || kind === 'integer') return Number(value);
  return String(value);
}

function csvField(value: string | number | null, isText: boolean): string {
  if (value === null) return '';
  let text = String(value);
  if (isText && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Sheet names: Excel allows 31 characters and no `[]:*?/\\`. */
function sheetName(group: ReconciliationGroup): string {
  return RECONCILIATION_GROUP_WORDS[group].replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

async function writeWorkbook(data: ReconciliationExport, output: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  const summary = workbook.addWorksheet('Resumen');
  summary.columns = [
    { header: 'Grupo', key: 'group', width: 28 },
    { header: 'Filas o comprobantes', key: 'count', width: 20 },
  ];
  summary.getRow(1).font = { bold: true };
  summary
    .addRow({ group: 'Periodo', count: `${data.period.slice(4)}/${data.period.slice(0, 4)}` })
    .commit();
  for (const group of RECONCILIATION_GROUPS) {
    summary
      .addRow({ group: RECONCILIATION_GROUP_WORDS[group], count: data.summary[group] })
      .commit();
  }
  summary.addRow({ group: 'Filas que no se pudieron leer', count: data.errors.length }).commit();
  summary.commit();

  for (const group of RECONCILIATION_GROUPS) {
    const sheet = workbook.addWorksheet(sheetName(group), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = COLUMNS.map((column) => {
      const numFmt = NUMBER_FORMATS[column.kind];
      return {
        key: column.key,
        header: column.header,
        width: column.width,
        ...(numFmt === undefined ? {} : { style: { numFmt } }),
      };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
    for await (const batch of data.lines(group)) {
      for (const line of batch) {
        sheet.addRow(COLUMNS.map((column) => cell(column.kind, line[column.key]))).commit();
      }
    }
    sheet.commit();
  }

  if (data.errors.length > 0) {
    const sheet = workbook.addWorksheet('No leídas');
    sheet.columns = [
      { header: 'Línea', key: 'linea', width: 8 },
      { header: 'Problema', key: 'mensaje', width: 120 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const error of data.errors) sheet.addRow(error).commit();
    sheet.commit();
  }
  await workbook.commit();
}

/** The reconciliation as a workbook: a summary, then one sheet per group, streamed. */
export function reconciliationXlsx(data: ReconciliationExport): Readable {
  const output = new PassThrough();
  writeWorkbook(data, output).catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

async function* csvText(data: ReconciliationExport): AsyncGenerator<string> {
  yield `${UTF8_BOM}Grupo,${COLUMNS.map((column) => csvField(column.header, true)).join(',')}\r\n`;
  for (const group of RECONCILIATION_GROUPS) {
    for await (const batch of data.lines(group)) {
      yield batch
        .map(
          (line) =>
            `${group},${COLUMNS.map((column) => csvField(line[column.key], column.kind === 'text')).join(',')}\r\n`,
        )
        .join('');
    }
  }
}

/** The reconciliation as one CSV, the group in the first column (a CSV has no sheets). */
export function reconciliationCsv(data: ReconciliationExport): Readable {
  return Readable.from(csvText(data));
}
