import { API_MESSAGES } from '@sufel/contract';
import {
  isValidSeries,
  normalizeNumber,
  parseCdr,
  parseSeriesNumber,
  parseUblDocument,
  UblError,
  type CdrInfo,
  type UblDocument,
} from '@sufel/ubl';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { NewDocument } from '../../db/types.js';
import { AppError } from '../../errors.js';
import {
  documentKeyText,
  type DocumentKey,
  type DocumentsRepository,
} from '../documents/documents.repository.js';
import { decodeBase64 } from './base64.js';

const MIB = 1024 * 1024;
export const FILE_LIMITS = { xml: 10 * MIB, pdf: 20 * MIB, cdr: 5 * MIB } as const;

export interface PublishInput {
  issuerRuc: string;
  /** base64 */
  xml: string;
  /** base64; empty when the issuer sends no PDF */
  pdf: string;
  /** base64; empty when there is no CDR */
  cdr: string;
}

export interface PublishResult {
  id: number;
  /** false when the same document was already published */
  created: boolean;
  hasCdr: boolean;
}

function badRequest(message: string): AppError {
  return new AppError('bad_request', message);
}

function decodeFile(text: string, label: string, limit: number): Uint8Array {
  const bytes = decodeBase64(text);
  if (bytes === null) throw badRequest(`El ${label} no está codificado en base64.`);
  if (bytes.length > limit) {
    throw new AppError(
      'payload_too_large',
      `El ${label} supera el tamaño máximo de ${limit / MIB} MB.`,
    );
  }
  return bytes;
}

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** Stored identity of a parsed document, after checking it fits the store's rules. */
function keyOf(doc: UblDocument): DocumentKey {
  if (!isValidSeries(doc.series)) {
    throw badRequest(
      `La serie '${doc.series}' no es válida: debe tener 4 caracteres alfanuméricos.`,
    );
  }
  const number = normalizeNumber(doc.number);
  if (number === null) {
    throw badRequest(`El número '${doc.number}' no es válido: debe tener entre 1 y 8 dígitos.`);
  }
  return { emisor: doc.issuer.ruc, tipo: doc.type, serie: doc.series, numero: Number(number) };
}

function checkFitsColumns(doc: UblDocument): void {
  if (!/^[A-Z]{3}$/.test(doc.currency)) {
    throw badRequest(`La moneda '${doc.currency}' no es un código ISO 4217 de 3 letras.`);
  }
  if (doc.customer.documentNumber.length > 20 || doc.customer.documentType.length > 1) {
    throw badRequest('El documento del cliente no es válido.');
  }
}

/** A CDR is kept only if it answers for this document and SUNAT did not reject it. */
function checkCdr(cdr: CdrInfo, doc: UblDocument): void {
  const reference = parseSeriesNumber(cdr.documentId);
  if (reference === null || reference.series !== doc.series || reference.number !== doc.number) {
    throw badRequest(`El CDR corresponde al comprobante ${cdr.documentId}, no a ${doc.id}.`);
  }
  if (cdr.issuerRuc !== null && cdr.issuerRuc !== doc.issuer.ruc) {
    throw badRequest(`El CDR corresponde al emisor ${cdr.issuerRuc}, no a ${doc.issuer.ruc}.`);
  }
  if (cdr.status === 'rejected') {
    throw badRequest(
      `SUNAT rechazó este comprobante (código ${cdr.responseCode}: ${cdr.description}); no se publica.`,
    );
  }
  if (cdr.status === 'error') {
    throw badRequest(
      `El CDR no acredita la recepción del comprobante (código ${cdr.responseCode}: ${cdr.description}).`,
    );
  }
}

function parseOrReject<T>(parse: () => T, prefix = ''): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof UblError) throw badRequest(`${prefix}${error.message}`);
    throw error;
  }
}

/** Decodes and checks one document's files; throws the AppError a single publish would answer. */
function prepare(issuerRuc: string, input: Omit<PublishInput, 'issuerRuc'>): Prepared {
  const xml = decodeFile(input.xml, 'XML', FILE_LIMITS.xml);
  if (xml.length === 0) throw badRequest('Envíe el XML en base64.');
  const pdf = input.pdf.trim() === '' ? null : decodeFile(input.pdf, 'PDF', FILE_LIMITS.pdf);
  if (pdf !== null && !isPdf(pdf)) throw badRequest('El archivo enviado como PDF no es un PDF.');
  const cdr = input.cdr.trim() === '' ? null : decodeFile(input.cdr, 'CDR', FILE_LIMITS.cdr);

  const doc = parseOrReject(() => parseUblDocument(xml, { maxBytes: FILE_LIMITS.xml }));
  if (doc.issuer.ruc !== issuerRuc) throw badRequest(API_MESSAGES.issuerMismatch);
  const key = keyOf(doc);
  checkFitsColumns(doc);
  if (cdr !== null)
    checkCdr(
      parseOrReject(() => parseCdr(cdr), 'El CDR no es válido: '),
      doc,
    );
  return { key, doc, xml, pdf, cdr };
}

function rowOf(
  prepared: Prepared,
  xmlHash: string,
  pdfHash: string | undefined,
  cdrHash: string | undefined,
): NewDocument {
  const { key, doc } = prepared;
  return {
    ...key,
    emisor_nombre: doc.issuer.name,
    fecha: doc.issueDate,
    total: doc.totals.payable,
    moneda: doc.currency,
    cliente_tipo: doc.customer.documentType,
    cliente_doc: doc.customer.documentNumber,
    cliente_nombre: doc.customer.name,
    xml_hash: xmlHash,
    pdf_hash: pdfHash ?? null,
    cdr_hash: cdrHash ?? null,
  };
}

/** A document that passed every check and is ready to store. */
interface Prepared {
  key: DocumentKey;
  doc: UblDocument;
  xml: Uint8Array;
  pdf: Uint8Array | null;
  cdr: Uint8Array | null;
}

export type PublishOutcome = ({ ok: true } & PublishResult) | { ok: false; error: AppError };

/**
 * Publishing: the one path by which documents enter SUFEL (the API, the demo
 * loader and the CLI all come through here). Files are stored durably before
 * the rows commit; publishing the same document again changes nothing, except
 * that it may bring the PDF or CDR the first publish lacked. A batch is checked
 * document by document, and stored with one flush of the files and one commit.
 */
export class PublishService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly blobs: BlobStore,
  ) {}

  async publish(input: PublishInput): Promise<PublishResult> {
    const [outcome] = await this.publishMany(input.issuerRuc, [input]);
    if (!outcome!.ok) throw outcome!.error;
    return outcome!;
  }

  async publishMany(
    issuerRuc: string,
    inputs: readonly Omit<PublishInput, 'issuerRuc'>[],
  ): Promise<PublishOutcome[]> {
    const outcomes: PublishOutcome[] = [];
    const ready: { index: number; prepared: Prepared }[] = [];
    for (const [index, input] of inputs.entries()) {
      try {
        ready.push({ index, prepared: prepare(issuerRuc, input) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }

    const files = ready.flatMap(({ prepared }) =>
      [prepared.xml, prepared.pdf, prepared.cdr].filter(
        (file): file is Uint8Array => file !== null,
      ),
    );
    const hashes = new Map<Uint8Array, string>();
    (await this.blobs.putMany(files)).forEach((hash, index) => hashes.set(files[index]!, hash));
    const hashOf = (file: Uint8Array | null) => (file === null ? undefined : hashes.get(file));

    const firstOfKey = new Map<string, Prepared>();
    for (const { prepared } of ready) {
      const keyText = documentKeyText(prepared.key);
      if (!firstOfKey.has(keyText)) firstOfKey.set(keyText, prepared);
    }
    const created = await this.documents.insertManyIfNew(
      [...firstOfKey.values()].map((prepared) =>
        rowOf(prepared, hashOf(prepared.xml)!, hashOf(prepared.pdf), hashOf(prepared.cdr)),
      ),
    );

    for (const { index, prepared } of ready) {
      const keyText = documentKeyText(prepared.key);
      const id = created.get(keyText);
      if (id !== undefined && firstOfKey.get(keyText) === prepared) {
        outcomes[index] = { ok: true, id, created: true, hasCdr: prepared.cdr !== null };
        continue;
      }
      try {
        const result = await this.republish(
          prepared.key,
          hashOf(prepared.xml)!,
          hashOf(prepared.pdf),
          hashOf(prepared.cdr),
        );
        outcomes[index] = { ok: true, ...result };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    return outcomes;
  }

  private async republish(
    key: DocumentKey,
    xmlHash: string,
    pdfHash: string | undefined,
    cdrHash: string | undefined,
  ): Promise<PublishResult> {
    return this.documents.transaction(async (trx) => {
      const existing = await this.documents.findByKey(key, trx);
      if (existing === undefined) throw new Error('Document vanished during re-publish');
      if (existing.xml_hash !== xmlHash) throw AppError.of('conflict', 'publishConflict');
      const addPdf =
        pdfHash !== undefined && (existing.pdf_hash === null || existing.pdf_generated);
      const addCdr = cdrHash !== undefined && existing.cdr_hash === null;
      if (addPdf || addCdr) {
        await this.documents.attachFiles(
          existing.id,
          { pdfHash: addPdf ? pdfHash : undefined, cdrHash: addCdr ? cdrHash : undefined },
          trx,
        );
      }
      return { id: existing.id, created: false, hasCdr: addCdr || existing.cdr_hash !== null };
    });
  }
}
