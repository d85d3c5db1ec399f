import type { PlainMessageKey } from '@sufel/contract';
import {
  isValidSeries,
  isWithholdingReceipt,
  normalizeNumber,
  parseCdr,
  parseSeriesNumber,
  UblError,
  type CdrInfo,
  type SignatureCheck,
  type SignatureStatus,
  type SunatDocument,
  type UblParty,
} from '@sufel/ubl';
import type { Kysely, Transaction } from 'kysely';
import { setImmediate } from 'node:timers/promises';
import type { Database, NewDocument } from '../../db/types.js';
import { AppError, said, type Said } from '../../errors.js';
import type { FileStore, StagedFiles } from '../../file-store/file-store.js';
import type { Mailer } from '../../mail/mailer.js';
import { documentsPublished } from '../../observability/metrics.js';
import { serverBusy, WorkOverBudget, WorkPoolUnavailable } from '../../workers/work-pool.js';
import { cdrAnswerOf } from '../documents/cdr-answer.js';
import {
  documentKeyText,
  type DocumentKey,
  type DocumentsRepository,
} from '../documents/documents.repository.js';
import { moneyColumnsOf, type MoneyFactsColumns } from '../documents/money-columns.js';
import {
  cdrCodeOf,
  registerColumnsOf,
  withholdingRegisterColumns,
  type RegisterColumns,
} from '../documents/register-columns.js';
import { signatureColumnsOf } from '../documents/signature-columns.js';
import { toNoticeDocument } from '../notices/notice-document.js';
import type { NoticesService, PublishedDocument } from '../notices/notices.service.js';
import type { SunatValidityService } from '../sunat-validity/sunat-validity.service.js';
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
  /** The stored outcome of the signature check; null when checks are off. */
  signature: SignatureStatus | null;
}

/** Reads an uploaded XML and, when checks are on, verifies its signature (null when off). */
export type PublishParser = (
  xml: Uint8Array,
  maxBytes: number,
) => Promise<{ document: SunatDocument; signature: SignatureCheck | null }>;

/**
 * Whom a document is addressed to, the receiver whose list shows it: the
 * customer of a sale; the supplier an agent retained from (20), or the
 * customer it perceived from (40).
 */
export function addresseeOf(doc: SunatDocument): UblParty {
  return isWithholdingReceipt(doc) ? doc.receiver : doc.customer;
}

/** The listed total: what was paid for a sale; what was retained or perceived on a receipt. */
function totalOf(doc: SunatDocument): string {
  return isWithholdingReceipt(doc) ? doc.totalAmount : doc.totals.payable;
}

function badRequest(what: PlainMessageKey | Said): AppError {
  return new AppError('bad_request', what);
}

function decodeFile(text: string, label: string, limit: number): Uint8Array {
  const bytes = decodeBase64(text);
  if (bytes === null) throw badRequest(said('fileNotBase64', { label }));
  if (bytes.length > limit) {
    throw new AppError('payload_too_large', said('fileTooLarge', { label, limit: limit / MIB }));
  }
  return bytes;
}

export function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

/** Stored identity of a parsed document, after checking it fits the store's rules. */
function keyOf(doc: SunatDocument): DocumentKey {
  if (!isValidSeries(doc.series)) {
    throw badRequest(said('invalidSeries', { series: doc.series }));
  }
  const number = normalizeNumber(doc.number);
  if (number === null) {
    throw badRequest(said('invalidNumber', { number: doc.number }));
  }
  return { emisor: doc.issuer.ruc, tipo: doc.type, serie: doc.series, numero: Number(number) };
}

function checkFitsColumns(doc: SunatDocument): void {
  if (!/^[A-Z]{3}$/.test(doc.currency)) {
    throw badRequest(said('invalidCurrency', { currency: doc.currency }));
  }
  const addressee = addresseeOf(doc);
  if (addressee.documentNumber.length > 20 || addressee.documentType.length > 1) {
    throw badRequest('invalidCustomerDocument');
  }
}

/** A CDR is kept only if it answers for this document and SUNAT did not reject it. */
/** What a CDR is checked against: the document it must name. */
export interface CdrSubject {
  id: string;
  series: string;
  number: string;
  issuer: { ruc: string };
}

export function checkCdr(cdr: CdrInfo, doc: CdrSubject): void {
  const reference = parseSeriesNumber(cdr.documentId);
  if (reference === null || reference.series !== doc.series || reference.number !== doc.number) {
    throw badRequest(said('cdrOtherDocument', { cdrDocument: cdr.documentId, document: doc.id }));
  }
  if (cdr.issuerRuc !== null && cdr.issuerRuc !== doc.issuer.ruc) {
    throw badRequest(said('cdrOtherIssuer', { cdrIssuer: cdr.issuerRuc, issuer: doc.issuer.ruc }));
  }
  if (cdr.status === 'rejected') {
    throw badRequest(said('cdrRejected', { code: cdr.responseCode, description: cdr.description }));
  }
  if (cdr.status === 'error') {
    throw badRequest(
      said('cdrNotReceived', { code: cdr.responseCode, description: cdr.description }),
    );
  }
}

function parseCdrOrReject(cdr: Uint8Array): CdrInfo {
  try {
    return parseCdr(cdr);
  } catch (error) {
    if (error instanceof UblError) throw badRequest(said('cdrInvalid', { reason: error.message }));
    throw error;
  }
}

/** The XML read as a document; what cannot be read is answered, never a 5xx. */
async function parseXml(
  parse: PublishParser,
  xml: Uint8Array,
): Promise<{ document: SunatDocument; signature: SignatureCheck | null }> {
  try {
    return await parse(xml, FILE_LIMITS.xml);
  } catch (error) {
    if (error instanceof UblError) throw badRequest(said('xmlInvalid', { reason: error.message }));
    if (error instanceof WorkOverBudget) throw AppError.of('payload_too_large', 'xmlTooComplex');
    if (error instanceof WorkPoolUnavailable) throw serverBusy();
    throw error;
  }
}

/** Decodes and checks one document's files; throws the AppError a single publish would answer. */
async function prepare(
  parse: PublishParser,
  issuerRuc: string,
  input: Omit<PublishInput, 'issuerRuc'>,
): Promise<Prepared> {
  const xml = decodeFile(input.xml, 'XML', FILE_LIMITS.xml);
  if (xml.length === 0) throw badRequest('xmlMissing');
  const pdf = input.pdf.trim() === '' ? null : decodeFile(input.pdf, 'PDF', FILE_LIMITS.pdf);
  if (pdf !== null && !isPdf(pdf)) throw badRequest('pdfNotPdf');
  const cdr = input.cdr.trim() === '' ? null : decodeFile(input.cdr, 'CDR', FILE_LIMITS.cdr);
  return prepareDocument(parse, { xml, pdf, cdr }, (doc) => {
    if (doc.issuer.ruc !== issuerRuc) throw badRequest('issuerMismatch');
  });
}

/**
 * Reads and checks a document's files as every way in does: the XML through
 * the hostile-input reader and the signature check, `belongs` (whose document
 * it may be), the key, the register amounts and the CDR. Throws an AppError
 * with the reason.
 */
export async function prepareDocument(
  parse: PublishParser,
  files: { xml: Uint8Array; pdf: Uint8Array | null; cdr: Uint8Array | null },
  belongs: (doc: SunatDocument) => void,
): Promise<Prepared> {
  const { xml, pdf, cdr } = files;
  const { document: doc, signature } = await parseXml(parse, xml);
  belongs(doc);
  const key = keyOf(doc);
  checkFitsColumns(doc);
  const register = isWithholdingReceipt(doc)
    ? withholdingRegisterColumns(doc)
    : registerColumnsOf(doc);
  const cdrInfo = cdr === null ? null : parseCdrOrReject(cdr);
  if (cdrInfo !== null) checkCdr(cdrInfo, doc);
  const money = moneyColumnsOf(isWithholdingReceipt(doc) ? null : doc.payment);
  return { key, doc, signature, register, money, xml, pdf, cdr, cdrInfo };
}

/**
 * Names as lists and consultations show them: every list row carries both, so
 * a name of megabytes would make every page of a receiver's documents that
 * large. The XML, and the detail read from it, keep the whole name.
 */
export const LISTED_NAME_MAX = 1_500;
const LISTED_NAME_MARK = '… (texto completo en el XML)';

function listedName(name: string): string {
  return name.length <= LISTED_NAME_MAX
    ? name
    : `${name.slice(0, LISTED_NAME_MAX)}${LISTED_NAME_MARK}`;
}

export function rowOf(
  prepared: Prepared,
  xmlHash: string,
  pdfHash: string | undefined,
  cdrHash: string | undefined,
): NewDocument {
  const { key, doc } = prepared;
  return {
    ...key,
    emisor_nombre: listedName(doc.issuer.name),
    fecha: doc.issueDate,
    total: totalOf(doc),
    moneda: doc.currency,
    cliente_tipo: addresseeOf(doc).documentType,
    cliente_doc: addresseeOf(doc).documentNumber,
    cliente_nombre: listedName(addresseeOf(doc).name),
    xml_hash: xmlHash,
    pdf_hash: pdfHash ?? null,
    cdr_hash: cdrHash ?? null,
    cdr_codigo: cdrCodeOf(prepared.cdrInfo),
    cdr_respuesta: prepared.cdrInfo === null ? null : cdrAnswerOf(prepared.cdrInfo, key),
    ...prepared.register,
    ...prepared.money.columns,
    ...signatureColumnsOf(prepared.signature),
  };
}

function publishedOf(id: number, row: NewDocument): PublishedDocument {
  // As just stored: not voided, and never checked at SUNAT.
  const stored = {
    ...row,
    id,
    baja: false,
    firma_estado: row.firma_estado ?? null,
    cdr_hash: row.cdr_hash ?? null,
    cdr_codigo: row.cdr_codigo ?? null,
    cdr_respuesta: row.cdr_respuesta ?? null,
  };
  return { ...toNoticeDocument(stored, null), receiverRuc: row.cliente_doc };
}

/** A document that passed every check and is ready to store. */
export interface Prepared {
  key: DocumentKey;
  doc: SunatDocument;
  signature: SignatureCheck | null;
  /** Checked to fit their columns. */
  register: RegisterColumns;
  money: MoneyFactsColumns;
  xml: Uint8Array;
  pdf: Uint8Array | null;
  cdr: Uint8Array | null;
  cdrInfo: CdrInfo | null;
}

export type PublishOutcome = ({ ok: true } & PublishResult) | { ok: false; error: AppError };

/** A document of the batch that passed its checks, and where the batch's answer keeps it. */
interface ReadyDocument {
  index: number;
  prepared: Prepared;
}

/** The batch's files, staged in the file store until the transaction that records them. */
interface StagedBatch {
  files: StagedFiles;
  hashOf: (file: Uint8Array | null) => string | undefined;
}

/**
 * Publishing: the one path by which documents enter SUFEL (the API, the demo
 * loader and the CLI all come through here). Files are staged in the file
 * store and recorded in the transaction of the rows, so no row commits
 * without its files; publishing the same document again changes nothing, except
 * that it may bring the PDF or CDR the first publish lacked. A batch is checked
 * document by document, and stored with one flush of the files and one commit.
 */
export class PublishService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
    private readonly parse: PublishParser,
    private readonly notices: NoticesService,
    private readonly mailer: Mailer,
    private readonly validity: SunatValidityService,
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
    const ready = await this.prepareAll(issuerRuc, inputs, outcomes);
    const staged = await this.stage(ready);
    // A key sent twice in one batch is stored once; the later copies answer as re-publishes.
    const firstOfKey = new Map<string, Prepared>();
    for (const { prepared } of ready) {
      const keyText = documentKeyText(prepared.key);
      if (!firstOfKey.has(keyText)) firstOfKey.set(keyText, prepared);
    }
    const created = await this.db
      .transaction()
      .execute((trx) => this.record(trx, staged, [...firstOfKey.values()]));
    documentsPublished.inc(created.size);
    if (created.size > 0) this.mailer.wake();

    for (const { index, prepared } of ready) {
      const keyText = documentKeyText(prepared.key);
      const id = created.get(keyText);
      if (id !== undefined && firstOfKey.get(keyText) === prepared) {
        outcomes[index] = {
          ok: true,
          id,
          created: true,
          hasCdr: prepared.cdr !== null,
          signature: prepared.signature?.status ?? null,
        };
        continue;
      }
      try {
        outcomes[index] = { ok: true, ...(await this.republish(prepared, staged)) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    return outcomes;
  }

  /** Reads and checks each document; a refused one gets its answer in `outcomes`. */
  private async prepareAll(
    issuerRuc: string,
    inputs: readonly Omit<PublishInput, 'issuerRuc'>[],
    outcomes: PublishOutcome[],
  ): Promise<ReadyDocument[]> {
    const ready: ReadyDocument[] = [];
    for (const [index, input] of inputs.entries()) {
      // Small files are parsed on the main thread; between two of them the
      // event loop answers other requests, so a large batch cannot stall them.
      await setImmediate();
      try {
        ready.push({ index, prepared: await prepare(this.parse, issuerRuc, input) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    return ready;
  }

  /** Writes every file of the batch to the file store in one flush, before any row exists. */
  private async stage(ready: readonly ReadyDocument[]): Promise<StagedBatch> {
    const files = ready.flatMap(({ prepared }) =>
      [prepared.xml, prepared.pdf, prepared.cdr].filter(
        (file): file is Uint8Array => file !== null,
      ),
    );
    const staged = await this.files.stage(files);
    const hashes = new Map<Uint8Array, string>();
    staged.hashes.forEach((hash, index) => hashes.set(files[index]!, hash));
    return {
      files: staged,
      hashOf: (file) => (file === null ? undefined : hashes.get(file)),
    };
  }

  /**
   * Records the files, the new documents, their instalments, notices and
   * checks in one transaction: none for a document that did not commit, none
   * lost after. Answers the ids of the documents actually inserted, by key.
   */
  private async record(
    trx: Transaction<Database>,
    staged: StagedBatch,
    documents: readonly Prepared[],
  ): Promise<Map<string, number>> {
    await staged.files.record(trx);
    const { hashOf } = staged;
    const rows = documents.map((prepared) =>
      rowOf(prepared, hashOf(prepared.xml)!, hashOf(prepared.pdf), hashOf(prepared.cdr)),
    );
    const ids = await this.documents.insertNew(trx, rows);
    if (ids.size === 0) return ids;
    const stored = rows.flatMap((row, index) => {
      const id = ids.get(documentKeyText(row));
      return id === undefined ? [] : [{ id, row, prepared: documents[index]! }];
    });
    await this.documents.insertInstallments(
      trx,
      stored.map(({ id, prepared }) => ({ id, installments: prepared.money.installments })),
    );
    await this.notices.queuePublished(
      trx,
      stored.map(({ id, row }) => publishedOf(id, row)),
    );
    await this.validity.queueNew(
      trx,
      stored.map(({ id, row }) => ({ id, tipo: row.tipo, cliente_doc: row.cliente_doc })),
    );
    return ids;
  }

  /**
   * A document already published: the same XML again may add the PDF or CDR
   * the first publish lacked; a different XML under its key is refused.
   */
  private async republish({ key, xml, pdf, cdr, cdrInfo }: Prepared, staged: StagedBatch) {
    const pdfHash = staged.hashOf(pdf);
    const cdrHash = staged.hashOf(cdr);
    return this.db.transaction().execute(async (trx): Promise<PublishResult> => {
      const existing = await this.documents.findByKey(trx, key);
      if (existing === undefined) throw new Error('Document vanished during re-publish');
      if (existing.xml_hash !== staged.hashOf(xml)) {
        throw AppError.of('conflict', 'publishConflict');
      }
      const addPdf =
        pdfHash !== undefined && (existing.pdf_hash === null || existing.pdf_generated);
      const addCdr = cdrHash !== undefined && cdrInfo !== null && existing.cdr_hash === null;
      if (addPdf || addCdr) {
        await this.documents.attachFiles(trx, existing.id, {
          pdfHash: addPdf ? pdfHash : undefined,
          cdr: addCdr
            ? { hash: cdrHash, code: cdrCodeOf(cdrInfo), answer: cdrAnswerOf(cdrInfo, key) }
            : undefined,
        });
      }
      return {
        id: existing.id,
        created: false,
        hasCdr: addCdr || existing.cdr_hash !== null,
        signature: existing.firma_estado,
      };
    });
  }
}
