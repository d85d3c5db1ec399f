import { carOf } from '@sufel/ubl';
import { zipSync } from 'fflate';
import { PROPOSAL_COLUMNS, PROPOSAL_HEADER, type ProposalColumnKey } from '../proposal/columns.js';
import { encodeWindows1252 } from '../proposal/windows-1252.js';

/**
 * Proposal files as SIRE exports them, for tests and benchmarks: SUNAT's
 * verified header, rows described by the document they stand for.
 */

/** A proposed document; amounts are SUNAT's text ("535.97", "-313.56"). */
export interface ProposalRowInput {
  receiverRuc: string;
  receiverName?: string;
  /** `AAAAMM`; default: the issue date's month. */
  period?: string;
  supplierRuc: string;
  supplierName: string;
  /** Default "01". */
  type?: string;
  series: string;
  number: string | number;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  dueDate?: string;
  baseDg?: string;
  igvDg?: string;
  baseDgng?: string;
  igvDgng?: string;
  baseDng?: string;
  igvDng?: string;
  nonTaxed?: string;
  isc?: string;
  icbper?: string;
  otherCharges?: string;
  total: string;
  /** Default "PEN". */
  currency?: string;
  /** Default "1.000". */
  exchangeRate?: string;
  modified?: { issueDate: string; type: string; series: string; number: string | number };
  noteType?: string;
  /** `Est. Comp.`; default "1" (Activo). */
  status?: string;
  /** Default: the CAR of supplier, type, series and number. */
  car?: string;
}

export interface ProposalFileOptions {
  /** `txt`: `|`-separated; `csv`: comma-separated, quoted where needed. */
  format: 'txt' | 'csv';
  /** Default: Latin-1 (Windows-1252) for txt, UTF-8 for csv. */
  encoding?: 'utf-8' | 'latin1';
  /** A UTF-8 byte-order mark first; default false. */
  bom?: boolean;
  /** Names HTML-escaped as SUNAT's CSV has them; default: true for csv, false for txt. */
  escapeNames?: boolean;
  /** Default "\n" for csv, "\r\n" for txt. */
  lineEnd?: '\n' | '\r\n';
  /** Another header row, to test labels spelt otherwise or missing. */
  header?: readonly string[];
}

const ZERO = '0.00';

/** `YYYY-MM-DD` → `DD/MM/AAAA`. */
function sunatDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#039;',
  );
}

function quoteCsv(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** The 41 fields of one row, as SUNAT writes them. */
export function proposalFields(input: ProposalRowInput): Record<ProposalColumnKey, string> {
  const type = input.type ?? '01';
  return {
    receiverRuc: input.receiverRuc,
    receiverName: input.receiverName ?? 'EMPRESA RECEPTORA S.A.C.',
    period: input.period ?? input.issueDate.slice(0, 7).replace('-', ''),
    car:
      input.car ??
      carOf({ issuerRuc: input.supplierRuc, type, series: input.series, number: input.number }),
    issueDate: sunatDate(input.issueDate),
    dueDate: input.dueDate === undefined ? '' : sunatDate(input.dueDate),
    type,
    series: input.series,
    customsYear: '',
    number: String(input.number),
    lastNumber: '',
    supplierIdType: '6',
    supplierId: input.supplierRuc,
    supplierName: input.supplierName,
    baseDg: input.baseDg ?? ZERO,
    igvDg: input.igvDg ?? ZERO,
    baseDgng: input.baseDgng ?? ZERO,
    igvDgng: input.igvDgng ?? ZERO,
    baseDng: input.baseDng ?? ZERO,
    igvDng: input.igvDng ?? ZERO,
    nonTaxed: input.nonTaxed ?? ZERO,
    isc: input.isc ?? ZERO,
    icbper: input.icbper ?? ZERO,
    otherCharges: input.otherCharges ?? ZERO,
    total: input.total,
    currency: input.currency ?? 'PEN',
    exchangeRate: input.exchangeRate ?? '1.000',
    modifiedIssueDate: input.modified === undefined ? '' : sunatDate(input.modified.issueDate),
    modifiedType: input.modified?.type ?? '',
    modifiedSeries: input.modified?.series ?? '',
    modifiedCustomsCode: '',
    modifiedNumber: input.modified === undefined ? '' : String(input.modified.number),
    goodsClass: '',
    projectId: '',
    participation: '',
    imb: ZERO,
    inclusion: '',
    detraction: '',
    noteType: input.noteType ?? (input.modified === undefined ? '' : '01'),
    status: input.status ?? '1',
    inconsistency: '0',
  };
}

/**
 * A proposal file in pieces of about 64 KB, so that a file of 100 000 rows
 * can be written to disk without being held whole.
 */
export function* proposalFileChunks(
  rows: Iterable<ProposalRowInput | Record<ProposalColumnKey, string>>,
  options: ProposalFileOptions,
): Generator<Uint8Array> {
  const csv = options.format === 'csv';
  const utf8 = (options.encoding ?? (csv ? 'utf-8' : 'latin1')) === 'utf-8';
  const escapeNames = options.escapeNames ?? csv;
  const lineEnd = options.lineEnd ?? (csv ? '\n' : '\r\n');
  const encoder = new TextEncoder();
  const encode = (text: string) => (utf8 ? encoder.encode(text) : encodeWindows1252(text));
  const line = (fields: readonly string[]) =>
    (csv ? fields.map(quoteCsv).join(',') : fields.join('|')) + lineEnd;
  const emptyClu = new Array<string>(PROPOSAL_HEADER.length - PROPOSAL_COLUMNS.length).fill('');

  if (options.bom === true) yield Uint8Array.of(0xef, 0xbb, 0xbf);
  let pending = line(options.header ?? PROPOSAL_HEADER);
  for (const row of rows) {
    const fields = 'supplierRuc' in row ? proposalFields(row) : row;
    const values = PROPOSAL_COLUMNS.map(({ key }) => {
      const value = fields[key];
      return escapeNames && (key === 'receiverName' || key === 'supplierName')
        ? escapeHtml(value)
        : value;
    });
    pending += line([...values, ...emptyClu]);
    if (pending.length >= 64 * 1024) {
      yield encode(pending);
      pending = '';
    }
  }
  yield encode(pending);
}

/** A whole proposal file. */
export function proposalFile(
  rows: Iterable<ProposalRowInput | Record<ProposalColumnKey, string>>,
  options: ProposalFileOptions,
): Uint8Array {
  const chunks = [...proposalFileChunks(rows, options)];
  const file = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    file.set(chunk, offset);
    offset += chunk.length;
  }
  return file;
}

/** `20529929821-20260112-1805-propuesta.csv`: the name of the file inside SIRE's ZIP. */
export function proposalFileName(
  receiverRuc: string,
  exportedAt: Date,
  extension: 'txt' | 'csv',
): string {
  const iso = exportedAt.toISOString();
  return `${receiverRuc}-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 16).replace(':', '')}-propuesta.${extension}`;
}

/** The file in a ZIP, as SIRE's report download delivers it. */
export function zipProposal(fileName: string, file: Uint8Array): Uint8Array {
  return zipSync({ [fileName]: file });
}
