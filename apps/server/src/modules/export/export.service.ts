import { EXPORT_FORMAT_LIMITS, type ApiMessageKey, type ExportFormat } from '@sufel/contract';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { DocumentRow } from '../../db/types.js';
import { AppError, said } from '../../errors.js';
import type { FileStore } from '../../file-store/file-store.js';
import {
  toReceiverFilter,
  type ReceiverFilter,
  type ReceiverFilterInput,
} from '../documents/receiver-filter.js';
import type { FileAccessService } from '../files/file-access.service.js';
import type { ValidityReader } from '../sunat-validity/sunat-validity.repository.js';
import { csvChunks } from './csv-export.js';
import type { ExportDocumentsRepository } from './export-documents.repository.js';
import type { ExportRow } from './purchase-list.js';
import { writeXlsx } from './xlsx-export.js';
import { zipExport, type ExportFiles } from './zip-export.js';

const BATCH = 500;

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  zip: 'application/zip',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface ExportHeaders {
  filename: string;
  contentType: string;
  count: number;
}

export interface ExportDescription extends ExportHeaders {
  /** The documents, newest first, in batches; each call reads them anew. */
  rows: () => AsyncIterable<ExportRow[]>;
}

export interface ExportDownload extends ExportHeaders {
  body: Readable;
}

/** The month (`2024-11`), the day, or the range the filter covers, for the file name. */
export function periodLabel(start: string | undefined, end: string | undefined): string {
  if (start === undefined && end === undefined) return 'todo';
  if (start === undefined) return `hasta-${end!}`;
  if (end === undefined) return `desde-${start}`;
  if (start === end) return start;
  const month = start.slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year!, monthNumber, 0)).getUTCDate();
  if (start === `${month}-01` && end === `${month}-${String(lastDay).padStart(2, '0')}`) {
    return month;
  }
  return `${start}_${end}`;
}

/** "10 000": digits grouped by thousands with a space, as SUNAT's forms write counts. */
function grouped(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ' ');
}

/** A limited format's refusal, which suggests what to do instead. */
const TOO_MANY = {
  zip: 'exportTooLargeZip',
  xlsx: 'exportTooLargeXlsx',
  csv: 'exportTooLargeCsv',
} as const satisfies Readonly<Record<ExportFormat, ApiMessageKey>>;

function tooMany(format: ExportFormat, count: number, limit: number): AppError {
  return new AppError(
    'bad_request',
    said(TOO_MANY[format], { count: grouped(count), limit: grouped(limit) }),
  );
}

/**
 * A receiver's documents for its accountant: the files as a ZIP, the purchase
 * list as CSV or XLSX. The rows are read in batches by key, so an export costs
 * the same memory whatever it holds.
 */
export class ExportService {
  constructor(
    private readonly exportDocuments: ExportDocumentsRepository,
    private readonly store: FileStore,
    private readonly documentFiles: FileAccessService,
    private readonly validityOf: ValidityReader,
  ) {}

  async count(receiverRuc: string, input: ReceiverFilterInput): Promise<number> {
    const filter = toReceiverFilter(input);
    if (filter === null) return 0;
    return this.exportDocuments.countForReceiver(
      receiverRuc,
      filter,
      await this.exportDocuments.lastId(),
    );
  }

  /** What an export would be, without building it; throws when it holds too many documents. */
  async describe(
    receiverRuc: string,
    format: ExportFormat,
    input: ReceiverFilterInput,
  ): Promise<ExportDescription> {
    const filter = toReceiverFilter(input);
    const maxId = await this.exportDocuments.lastId();
    const count =
      filter === null ? 0 : await this.exportDocuments.countForReceiver(receiverRuc, filter, maxId);
    const limit = EXPORT_FORMAT_LIMITS[format];
    if (limit !== null && count > limit) throw tooMany(format, count, limit);
    return {
      filename: `comprobantes-${receiverRuc}-${input.ids === undefined ? periodLabel(input.start, input.end) : 'seleccion'}.${format}`,
      contentType: CONTENT_TYPES[format],
      count,
      rows: () => (filter === null ? noRows() : this.rows(receiverRuc, filter, maxId)),
    };
  }

  async open(
    receiverRuc: string,
    format: ExportFormat,
    input: ReceiverFilterInput,
  ): Promise<ExportDownload> {
    const { rows, ...description } = await this.describe(receiverRuc, format, input);
    return { ...description, body: this.body(format, rows) };
  }

  private body(format: ExportFormat, rows: () => AsyncIterable<ExportRow[]>): Readable {
    switch (format) {
      case 'csv':
        return Readable.from(csvChunks(rows()));
      case 'xlsx': {
        const output = new PassThrough();
        writeXlsx(rows(), output).catch((error: unknown) => {
          output.destroy(error instanceof Error ? error : new Error(String(error)));
        });
        return output;
      }
      case 'zip':
        return zipExport(rows, this.exportFiles());
    }
  }

  /**
   * Every document of the filter as a ZIP, however many: what a background
   * export builds. `progress` hears how many documents are in so far.
   */
  async wholeZip(
    receiverRuc: string,
    input: ReceiverFilterInput,
    progress: (done: number) => void,
  ): Promise<Readable> {
    const filter = toReceiverFilter(input);
    const maxId = await this.exportDocuments.lastId();
    const files = this.exportFiles();
    let done = 0;
    const counted: ExportFiles = {
      ...files,
      xml: async (row) => {
        const bytes = await files.xml(row);
        done += 1;
        progress(done);
        return bytes;
      },
    };
    return zipExport(
      () => (filter === null ? noRows() : this.rows(receiverRuc, filter, maxId)),
      counted,
    );
  }

  /** The files of these documents as a ZIP, the way an export builds it; `rows` is read twice. */
  zipOf(rows: () => AsyncIterable<DocumentRow[]>): Readable {
    const withValidity = async function* (
      read: (batch: readonly DocumentRow[]) => Promise<ExportRow[]>,
    ): AsyncGenerator<ExportRow[]> {
      for await (const batch of rows()) yield await read(batch);
    };
    return zipExport(() => withValidity((batch) => this.withValidity(batch)), this.exportFiles());
  }

  private async withValidity(batch: readonly DocumentRow[]): Promise<ExportRow[]> {
    const validity = await this.validityOf(batch.map((row) => row.id));
    return batch.map((row) => ({ ...row, validity: validity.get(row.id) ?? null }));
  }

  private exportFiles(): ExportFiles {
    return {
      xml: (row) => this.store.read(row.xml_hash),
      cdr: (hash) => this.store.read(hash),
      pdf: async (row) => {
        if (row.pdf_hash !== null) return { bytes: await this.store.read(row.pdf_hash) };
        // Rendered the way the download route renders it (and kept); a render
        // that fails or runs out of time leaves this PDF out, not the export.
        try {
          const resource = await this.documentFiles.resource(row, 'pdf');
          if (resource.kind === 'file') return { bytes: await buffer(resource.file.body) };
          return { failure: 'no se pudo generar el PDF.' };
        } catch {
          return { failure: 'no se pudo generar el PDF.' };
        }
      },
    };
  }

  private async *rows(
    receiverRuc: string,
    filter: ReceiverFilter,
    maxId: number,
  ): AsyncGenerator<ExportRow[]> {
    let after: { fecha: string; id: number } | undefined;
    for (;;) {
      const batch = await this.exportDocuments.exportBatch(
        receiverRuc,
        filter,
        maxId,
        after,
        BATCH,
      );
      if (batch.length > 0) yield await this.withValidity(batch);
      if (batch.length < BATCH) return;
      const last = batch.at(-1)!;
      after = { fecha: last.fecha, id: last.id };
    }
  }
}

async function* noRows(): AsyncGenerator<ExportRow[]> {}
