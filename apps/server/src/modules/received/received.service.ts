import {
  parseCdr,
  parseSeriesNumber,
  UblError,
  type CdrInfo,
  type SunatDocument,
} from '@sufel/ubl';
import type { Kysely } from 'kysely';
import type { Database, DocumentOrigin } from '../../db/types.js';
import { AppError, said } from '../../errors.js';
import { sha256Hex, type FileStore } from '../../file-store/file-store.js';
import { cdrAnswerOf } from '../documents/cdr-answer.js';
import {
  documentKeyText,
  type DocumentKey,
  type DocumentsRepository,
  type HeldCopy,
} from '../documents/documents.repository.js';
import { cdrCodeOf } from '../documents/register-columns.js';
import type { IntakeOutcome, ReceivedDocumentsIntake } from '../inbox/received-intake.js';
import {
  addresseeOf,
  checkCdr,
  isPdf,
  prepareDocument,
  rowOf,
  type Prepared,
  type PublishParser,
} from '../issuer/publish.service.js';
import type { SunatValidityService } from '../sunat-validity/sunat-validity.service.js';
import {
  RECEIVED_FILE_REASONS,
  sortReceivedFiles,
  type CompanionFile,
  type DocumentFile,
  type UploadedFile,
} from './received-files.js';

type ReceivedOrigin = Exclude<DocumentOrigin, 'emisor'>;

/** Why a document was not added, beside the reasons of the reader and of the checks. */
export const RECEIVED_REASONS = {
  held: {
    emisor: 'Ya está en su archivo: lo publicó el emisor.',
    carga: 'Ya está en su archivo: se cargó antes.',
    correo: 'Ya está en su archivo: llegó antes por correo.',
  },
  differs: {
    emisor:
      'Ya está en su archivo, pero este XML difiere de la copia publicada por el emisor: se conserva la del emisor y se guarda esta como copia distinta.',
    carga:
      'Ya está en su archivo, pero este XML difiere de la copia cargada antes: se conserva la primera y se guarda esta como copia distinta.',
    correo:
      'Ya está en su archivo, pero este XML difiere de la copia que llegó antes por correo: se conserva la primera y se guarda esta como copia distinta.',
  },
  twice: 'El mismo comprobante aparece dos veces en esta carga: se agregó una sola vez.',
  pdfNotPdf: 'El archivo PDF que lo acompaña no es un PDF; se agregó el comprobante sin él.',
  attached: {
    pdf: 'Se adjuntó como PDF del comprobante que ya estaba en su archivo.',
    cdr: 'Se adjuntó como constancia de SUNAT (CDR) del comprobante que ya estaba en su archivo.',
  },
  alreadyHas: {
    pdf: 'El comprobante ya tiene su PDF en su archivo: se conserva el que tenía.',
    cdr: 'El comprobante ya tiene su constancia de SUNAT (CDR) en su archivo: se conserva la que tenía.',
  },
  issuersFiles:
    'El emisor publicó este comprobante con sus propios archivos: se conservan los que él publicó.',
  notPdf: 'No es un PDF: el archivo no empieza como un PDF.',
} as const;

/** A document read and checked, or the reason it was refused, in the order it came. */
type ReadItem =
  | { name: string; refusal: string }
  | { name: string; prepared: Prepared; note: string | null }
  | { name: string; companion: CompanionFile & { key: DocumentKey } };

/** Checks a CDR that came alone against the document its name points to. */
function checkCdrOf(info: CdrInfo, key: DocumentKey): void {
  const number = String(key.numero);
  checkCdr(info, {
    id: `${key.serie}-${number}`,
    series: key.serie,
    number,
    issuer: { ruc: key.emisor },
  });
}

/** `20100070970-01-F001-123` (a companion's name key) as the document key it names. */
function keyOfName(nameKey: string): DocumentKey {
  const [emisor, tipo, serie, numero] = nameKey.split('-') as [string, string, string, string];
  return { emisor, tipo, serie, numero: Number(numero) };
}

function refusalOf(error: unknown): string {
  // A server fault (busy, store down) is no verdict on the file: the whole intake fails and is retried.
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  if (error instanceof UblError) return error.message;
  throw error;
}

/** The companions whose name, or for a CDR whose content, points to this document. */
function companionFor(
  companions: CompanionFile[],
  kind: CompanionFile['kind'],
  matches: (file: CompanionFile) => boolean,
): CompanionFile | undefined {
  const index = companions.findIndex((file) => file.kind === kind && matches(file));
  return index < 0 ? undefined : companions.splice(index, 1)[0];
}

/** Whether a CDR answers for this document, by what the CDR itself says. */
function cdrNames(cdr: CompanionFile, doc: SunatDocument): boolean {
  try {
    const info = parseCdr(cdr.bytes);
    const reference = parseSeriesNumber(info.documentId);
    return (
      reference !== null &&
      reference.series === doc.series &&
      reference.number === doc.number &&
      (info.issuerRuc === null || info.issuerRuc === doc.issuer.ruc)
    );
  } catch (error) {
    if (error instanceof UblError) return false;
    throw error;
  }
}

/**
 * The receiver's own way in: documents it uploads or gets by mail are read and
 * checked as a published one is, must be addressed to its RUC, and are kept
 * once per document (by issuer, type, series and number): a document it
 * already holds, published or added before, is answered as a duplicate and
 * never replaced.
 */
export class ReceivedService implements ReceivedDocumentsIntake {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly documents: DocumentsRepository,
    private readonly files: FileStore,
    private readonly parse: PublishParser,
    private readonly validity: SunatValidityService,
  ) {}

  /** An upload: everything is read and staged first, then stored in one transaction. */
  async upload(receiverRuc: string, files: readonly UploadedFile[]): Promise<IntakeOutcome[]> {
    const prepared = await this.prepare(receiverRuc, files);
    return this.db.transaction().execute((trx) => prepared.store(trx, 'carga'));
  }

  async prepare(
    receiverRuc: string,
    files: readonly UploadedFile[],
  ): Promise<{ store(trx: Kysely<Database>, origin: ReceivedOrigin): Promise<IntakeOutcome[]> }> {
    const items = await this.read(receiverRuc, files);
    const stored = items.flatMap((item) => {
      if ('companion' in item) return [item.companion.bytes];
      if (!('prepared' in item)) return [];
      return [item.prepared.xml, item.prepared.pdf, item.prepared.cdr].filter(
        (bytes): bytes is Uint8Array => bytes !== null,
      );
    });
    const staged = stored.length === 0 ? null : await this.files.stage(stored);
    const hashOf = (bytes: Uint8Array | null): string | undefined => {
      const index = bytes === null ? -1 : stored.indexOf(bytes);
      return index < 0 ? undefined : staged!.hashes[index];
    };
    return {
      store: async (trx, origin) => {
        await staged?.record(trx);
        return this.store(trx, receiverRuc, items, hashOf, origin);
      },
    };
  }

  /** Reads and checks every document, with the CDR and PDF that came for it. */
  private async read(receiverRuc: string, files: readonly UploadedFile[]): Promise<ReadItem[]> {
    const { items, companions } = sortReceivedFiles(files);
    const read: ReadItem[] = [];
    for (const item of items) {
      if (item.kind === 'refused') read.push({ name: item.name, refusal: item.reason });
      else read.push(await this.readDocument(receiverRuc, item.file, companions));
    }
    // A CDR or PDF without its document here may be for one the account already holds.
    for (const file of companions) {
      if (file.nameKey !== null) {
        read.push({ name: file.name, companion: { ...file, key: keyOfName(file.nameKey) } });
        continue;
      }
      read.push({
        name: file.name,
        refusal:
          file.kind === 'pdf' ? RECEIVED_FILE_REASONS.pdfAlone : RECEIVED_FILE_REASONS.cdrAlone,
      });
    }
    return read;
  }

  private async readDocument(
    receiverRuc: string,
    file: DocumentFile,
    companions: CompanionFile[],
  ): Promise<ReadItem> {
    const byName = (candidate: CompanionFile) =>
      file.nameKey !== null && candidate.nameKey === file.nameKey;
    const namedCdr = companionFor(companions, 'cdr', byName);
    const pdf = companionFor(companions, 'pdf', byName);
    const pdfBytes = pdf !== undefined && isPdf(pdf.bytes) ? pdf.bytes : null;
    let prepared: Prepared;
    try {
      prepared = await prepareDocument(
        this.parse,
        { xml: file.xml, pdf: pdfBytes, cdr: namedCdr?.bytes ?? null },
        (doc) => {
          const addressee = addresseeOf(doc).documentNumber;
          if (addressee !== receiverRuc) {
            throw new AppError(
              'bad_request',
              said('receivedNotAddressed', {
                ruc: receiverRuc,
                customer: addressee === '' ? 'otro' : addressee,
              }),
            );
          }
        },
      );
    } catch (error) {
      return { name: file.name, refusal: refusalOf(error) };
    }
    if (prepared.cdr === null) {
      const cdr = companionFor(companions, 'cdr', (candidate) => cdrNames(candidate, prepared.doc));
      if (cdr !== undefined) {
        const info = parseCdr(cdr.bytes);
        try {
          checkCdr(info, prepared.doc);
        } catch (error) {
          return { name: file.name, refusal: refusalOf(error) };
        }
        prepared = { ...prepared, cdr: cdr.bytes, cdrInfo: info };
      }
    }
    const note = pdf !== undefined && pdfBytes === null ? RECEIVED_REASONS.pdfNotPdf : null;
    return { name: file.name, prepared, note };
  }

  /**
   * Stores what is new to the receiver and answers every item, in the
   * caller's transaction: one lookup of what the receiver holds and one insert
   * per few hundred documents, whatever the upload's size.
   */
  private async store(
    trx: Kysely<Database>,
    receiverRuc: string,
    items: readonly ReadItem[],
    hashOf: (bytes: Uint8Array | null) => string | undefined,
    origin: ReceivedOrigin,
  ): Promise<IntakeOutcome[]> {
    const first = new Map<string, Prepared>();
    for (const item of items) {
      if (!('prepared' in item)) continue;
      const keyText = documentKeyText(item.prepared.key);
      if (!first.has(keyText)) first.set(keyText, item.prepared);
    }
    const held = await this.documents.findManyHeldByReceiver(trx, receiverRuc, [
      ...[...first.values()].map((prepared) => prepared.key),
      ...items.flatMap((item) => ('companion' in item ? [item.companion.key] : [])),
    ]);
    const fresh = [...first].filter(([keyText]) => !held.has(keyText));
    const rows = fresh.map(([, prepared]) => ({
      ...rowOf(
        prepared,
        hashOf(prepared.xml) ?? sha256Hex(prepared.xml),
        hashOf(prepared.pdf),
        hashOf(prepared.cdr),
      ),
      origen: origin,
    }));
    const added = await this.documents.insertManyReceived(trx, rows);
    await this.documents.insertInstallments(
      trx,
      fresh.flatMap(([keyText, prepared]) => {
        const id = added.get(keyText);
        return id === undefined ? [] : [{ id, installments: prepared.money.installments }];
      }),
    );
    await this.validity.queueNew(
      trx,
      rows.flatMap((row) => {
        const id = added.get(documentKeyText(row));
        return id === undefined ? [] : [{ ...row, id }];
      }),
    );

    const answered = new Set<string>();
    const outcomes: IntakeOutcome[] = [];
    for (const item of items) {
      if ('companion' in item) {
        outcomes.push(await this.attach(trx, item.companion, held, hashOf));
        continue;
      }
      if (!('prepared' in item)) {
        outcomes.push({ archivo: item.name, estado: 'rechazado', motivo: item.refusal });
        continue;
      }
      const { prepared } = item;
      const keyText = documentKeyText(prepared.key);
      const id = added.get(keyText);
      if (answered.has(keyText)) {
        const holder =
          id ?? held.get(keyText)?.id ?? (await this.heldNow(trx, receiverRuc, prepared.key)).id;
        outcomes.push({
          archivo: item.name,
          estado: 'duplicado',
          motivo: RECEIVED_REASONS.twice,
          id: holder,
        });
        continue;
      }
      answered.add(keyText);
      if (id !== undefined) {
        outcomes.push({ archivo: item.name, estado: 'agregado', motivo: item.note, id });
        continue;
      }
      const holder = held.get(keyText) ?? (await this.heldNow(trx, receiverRuc, prepared.key));
      const xmlHash = hashOf(prepared.xml) ?? sha256Hex(prepared.xml);
      const differs = holder.xml_hash !== xmlHash;
      if (differs) await this.documents.keepDifferingCopy(trx, holder.id, xmlHash);
      outcomes.push({
        archivo: item.name,
        estado: 'duplicado',
        motivo: (differs ? RECEIVED_REASONS.differs : RECEIVED_REASONS.held)[holder.origen],
        id: holder.id,
      });
    }
    return outcomes;
  }

  /**
   * A CDR or PDF that came alone, for a document the account already holds:
   * joined to the account's own copy if that copy has none yet (a PDF SUFEL
   * printed counts as none); a published document keeps its issuer's files.
   */
  private async attach(
    trx: Kysely<Database>,
    companion: CompanionFile & { key: DocumentKey },
    held: ReadonlyMap<string, HeldCopy>,
    hashOf: (bytes: Uint8Array | null) => string | undefined,
  ): Promise<IntakeOutcome> {
    const { name: archivo, kind, key, bytes } = companion;
    const copy = held.get(documentKeyText(key));
    const refuse = (motivo: string): IntakeOutcome => ({ archivo, estado: 'rechazado', motivo });
    if (copy === undefined) {
      return refuse(
        kind === 'pdf' ? RECEIVED_FILE_REASONS.pdfAlone : RECEIVED_FILE_REASONS.cdrAlone,
      );
    }
    const duplicate = (motivo: string): IntakeOutcome => ({
      archivo,
      estado: 'duplicado',
      motivo,
      id: copy.id,
    });
    if (copy.origen === 'emisor') return duplicate(RECEIVED_REASONS.issuersFiles);
    const hash = hashOf(bytes) ?? sha256Hex(bytes);
    if (kind === 'pdf') {
      if (!isPdf(bytes)) return refuse(RECEIVED_REASONS.notPdf);
      if (copy.pdf_hash !== null && !copy.pdf_generated) {
        return duplicate(RECEIVED_REASONS.alreadyHas.pdf);
      }
      await this.documents.attachFiles(trx, copy.id, { pdfHash: hash });
    } else {
      if (copy.cdr_hash !== null) return duplicate(RECEIVED_REASONS.alreadyHas.cdr);
      let info: CdrInfo;
      try {
        info = parseCdr(bytes);
        checkCdrOf(info, key);
      } catch (error) {
        return refuse(refusalOf(error));
      }
      await this.documents.attachFiles(trx, copy.id, {
        cdr: { hash, code: cdrCodeOf(info), answer: cdrAnswerOf(info, key) },
      });
    }
    return {
      archivo,
      estado: 'agregado',
      motivo: RECEIVED_REASONS.attached[kind],
      id: copy.id,
    };
  }

  /** The copy stored by another intake while this one read. */
  private async heldNow(trx: Kysely<Database>, receiverRuc: string, key: DocumentKey) {
    const held = await this.documents.findHeldByReceiver(trx, receiverRuc, key);
    if (held === undefined) throw new Error(`received document ${documentKeyText(key)} vanished`);
    return held;
  }
}
