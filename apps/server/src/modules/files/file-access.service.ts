import {
  documentFileName,
  type DocumentDetail,
  type DocumentDto,
  type ResourceType,
} from '@sufel/contract';
import { parseCdr, parseUblDocument } from '@sufel/ubl';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { DocumentRow } from '../../db/types.js';
import { AppError } from '../../errors.js';
import {
  sunatAnswerOf,
  toDetailDto,
  toDocumentDto,
  type ParsedDocument,
} from '../documents/document-dto.js';
import type { DocumentsRepository } from '../documents/documents.repository.js';
import type { PdfRenderer } from './pdf-renderer.js';

export type Resource =
  | { kind: 'info'; body: DocumentDto }
  | { kind: 'detail'; body: DocumentDetail }
  | { kind: 'file'; bytes: Uint8Array; contentType: string; filename: string };

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/**
 * Hands out one document's resources to whoever the routes already admitted,
 * touching the document's last access. A PDF the issuer did not send is
 * rendered on first request and kept.
 */
export class FileAccessService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly blobs: BlobStore,
    private readonly renderPdf: PdfRenderer,
    private readonly now: () => Date,
  ) {}

  async resource(
    row: DocumentRow,
    type: ResourceType,
    consultUrl: string | null,
  ): Promise<Resource> {
    await this.documents.touch(row.id, this.now());
    const name = (extension: string) =>
      documentFileName({ ...row, correlativo: String(row.numero) }, extension);
    switch (type) {
      case 'info':
        return { kind: 'info', body: toDocumentDto(row) };
      case 'detail':
        return { kind: 'detail', body: toDetailDto(await this.parsed(row)) };
      case 'xml':
        return {
          kind: 'file',
          bytes: await this.blobs.get(row.xml_hash),
          contentType: 'text/xml',
          filename: name('xml'),
        };
      case 'pdf':
        return {
          kind: 'file',
          bytes: await this.blobs.get(row.pdf_hash ?? (await this.render(row, consultUrl))),
          contentType: 'application/pdf',
          filename: name('pdf'),
        };
      case 'cdr': {
        if (row.cdr_hash === null) {
          throw new AppError('not_found', 'Este comprobante no tiene CDR publicado.');
        }
        const bytes = await this.blobs.get(row.cdr_hash);
        const zip = isZip(bytes);
        return {
          kind: 'file',
          bytes,
          contentType: zip ? 'application/zip' : 'text/xml',
          filename: `R-${name(zip ? 'zip' : 'xml')}`,
        };
      }
    }
  }

  /**
   * Details are read back from the stored XML (and CDR) when asked for: a read
   * is rare next to a publish, and parsing takes a fraction of a millisecond.
   */
  private async parsed(row: DocumentRow): Promise<ParsedDocument> {
    const document = parseUblDocument(await this.blobs.get(row.xml_hash));
    const sunat =
      row.cdr_hash === null ? null : sunatAnswerOf(parseCdr(await this.blobs.get(row.cdr_hash)));
    return { document, sunat };
  }

  private async render(row: DocumentRow, consultUrl: string | null): Promise<string> {
    const pdf = await this.renderPdf({
      parsed: await this.parsed(row),
      voided: row.baja,
      consultUrl,
    });
    const hash = await this.blobs.put(pdf);
    return this.documents.setRenderedPdf(row.id, hash);
  }
}
