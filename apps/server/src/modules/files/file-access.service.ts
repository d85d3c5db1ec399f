import type { DocumentDetail, DocumentDto, ResourceType } from '@sufel/contract';
import { parseCdr, type SunatDocument } from '@sufel/ubl';
import type { Kysely } from 'kysely';
import type { Database, DocumentRow } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { storedFileOf, type FileStore, type StoredFile } from '../../file-store/file-store.js';
import { serverBusy, WorkOverBudget, WorkPoolUnavailable } from '../../workers/work-pool.js';
import {
  sunatAnswerOf,
  toDetailDto,
  toDocumentDto,
  type ParsedDocument,
} from '../documents/document-dto.js';
import { verdictOfRow } from '../documents/document-verdict.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import { fileNameOf } from '../documents/file-name.js';
import { firmaOf } from '../documents/signature-columns.js';
import type { ValidityReader } from '../sunat-validity/sunat-validity.repository.js';
import type { ConsultationNote, PdfRenderer } from './pdf-renderer.js';
import type { RenderFailuresRepository } from './render-failures.repository.js';

/** Parses a stored or uploaded XML; large files off the main thread. */
export type DocumentParser = (xml: Uint8Array, maxBytes?: number) => Promise<SunatDocument>;

/** How PDFs are rendered: where, within which time budget, and what went over it before. */
export interface Rendering {
  render: PdfRenderer;
  parse: DocumentParser;
  failures: RenderFailuresRepository;
  budgetMs: number;
  /** Where a rendered PDF says the document can be consulted; it is kept and served to everyone. */
  consultation: ConsultationNote;
}

/** A render over budget will not fit the next time either: asking again in an hour is enough. */
const OVER_BUDGET_RETRY_AFTER_SECONDS = 3600;

function pdfUnavailable(documentId: number, reason: string): AppError {
  return new AppError(
    'unavailable',
    'pdfUnavailable',
    { 'retry-after': String(OVER_BUDGET_RETRY_AFTER_SECONDS) },
    {},
    { documentId, reason },
  );
}

export type Resource =
  | { kind: 'info'; body: DocumentDto }
  | { kind: 'detail'; body: DocumentDetail }
  | { kind: 'file'; file: StoredFile; contentType: string; filename: string };

/** A CDR is sent as SUNAT's ZIP or as its bare XML. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/**
 * Hands out one document's resources to whoever the routes already admitted,
 * touching the document's last access. A PDF the issuer did not send is
 * rendered on first request in the worker pool and kept; a render over budget
 * is remembered in the database, and answered 503 from then on without
 * starting it again. Every path to a document's PDF (routes, exports) goes
 * through `resource(row, 'pdf', …)`.
 */
export class FileAccessService {
  /** Renders running in this process, so simultaneous requests for one PDF share one render. */
  private readonly rendering = new Map<number, Promise<string>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
    private readonly renderer: Rendering,
    private readonly now: () => Date,
    private readonly validityOf: ValidityReader,
  ) {}

  async resource(row: DocumentRow, type: ResourceType): Promise<Resource> {
    await this.documents.touch(row.id, this.now());
    switch (type) {
      case 'info':
        return { kind: 'info', body: toDocumentDto(row, await this.validity(row.id)) };
      case 'detail':
        return {
          kind: 'detail',
          body: toDetailDto(await this.parsed(row), firmaOf(row), await this.validity(row.id)),
        };
      case 'xml':
        return {
          kind: 'file',
          file: await this.files.open(row.xml_hash),
          contentType: 'text/xml',
          filename: fileNameOf(row, 'xml'),
        };
      case 'pdf':
        return {
          kind: 'file',
          file: await this.files.open(row.pdf_hash ?? (await this.render(row))),
          contentType: 'application/pdf',
          filename: fileNameOf(row, 'pdf'),
        };
      case 'cdr': {
        if (row.cdr_hash === null) {
          throw new AppError('not_found', 'cdrNotPublished');
        }
        // A CDR is small and its first bytes decide its type, so it is read whole.
        const bytes = await this.files.read(row.cdr_hash);
        const zip = isZip(bytes);
        return {
          kind: 'file',
          file: storedFileOf(bytes),
          contentType: zip ? 'application/zip' : 'text/xml',
          filename: fileNameOf(row, 'cdr', zip),
        };
      }
    }
  }

  private async validity(documentId: number) {
    return (await this.validityOf([documentId])).get(documentId) ?? null;
  }

  /**
   * Details are read back from the stored XML (and CDR) when asked for: a read
   * is rare next to a publish; a large XML is parsed in the worker pool.
   */
  private async parsed(row: DocumentRow): Promise<ParsedDocument> {
    let document: SunatDocument;
    try {
      document = await this.renderer.parse(await this.files.read(row.xml_hash));
    } catch (error) {
      if (error instanceof WorkPoolUnavailable || error instanceof WorkOverBudget) {
        throw serverBusy(row.id);
      }
      throw error;
    }
    const sunat =
      row.cdr_hash === null ? null : sunatAnswerOf(parseCdr(await this.files.read(row.cdr_hash)));
    return { document, sunat };
  }

  private render(row: DocumentRow): Promise<string> {
    let pending = this.rendering.get(row.id);
    if (pending === undefined) {
      pending = this.renderOnce(row).finally(() => this.rendering.delete(row.id));
      this.rendering.set(row.id, pending);
    }
    return pending;
  }

  private async renderOnce(row: DocumentRow): Promise<string> {
    const { failures, budgetMs } = this.renderer;
    const failedBudget = await failures.failedBudget(row.id);
    // Tried again only when the budget has grown since it failed.
    if (failedBudget !== undefined && failedBudget >= budgetMs) {
      throw pdfUnavailable(row.id, 'remembered');
    }
    let pdf: Uint8Array;
    try {
      pdf = await this.renderer.render({
        xml: await this.files.read(row.xml_hash),
        cdr: row.cdr_hash === null ? null : await this.files.read(row.cdr_hash),
        voided: row.baja,
        verdict: verdictOfRow(row, await this.validity(row.id)),
        ...this.renderer.consultation,
      });
    } catch (error) {
      if (error instanceof WorkOverBudget) {
        await failures.record(row.id, budgetMs, error.reason);
        throw pdfUnavailable(row.id, `over ${error.reason} budget, stopped`);
      }
      if (error instanceof WorkPoolUnavailable) throw serverBusy(row.id);
      throw error;
    }
    const staged = await this.files.stage([pdf]);
    return this.db.transaction().execute(async (trx) => {
      await staged.record(trx);
      return this.documents.setRenderedPdf(trx, row.id, staged.hashes[0]!);
    });
  }
}
