import {
  EXPORT_MAX_DOCUMENTS,
  HELD_GROUPS,
  RECONCILIATION_INLINE_ROWS,
  ROW_GROUPS,
  type HeldGroup,
  type MissingXml,
  type Reconciliation,
  type ReconciliationGroup,
  type ReconciliationItem,
  type ReconciliationItemsPage,
  type ReconciliationListItem,
  type ReconciliationSummary,
  type RowGroup,
  type SireFileRequest,
} from '@sufel/contract';
import {
  complementFile,
  formatPeriod,
  inclusionFile,
  UploadFileError,
  type UploadFile,
} from '@sufel/sire';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database, DocumentRow } from '../../db/types.js';
import { AppError, said } from '../../errors.js';
import { sha256Hex, type FileStore } from '../../file-store/file-store.js';
import { JobFailure } from '../../jobs/job-handler.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { carOfDocument } from '../documents/document-car.js';
import type { ExportService } from '../export/export.service.js';
import { limaPeriod, periodBounds } from './period-bounds.js';
import { proposalHead, proposalText, type ProposalText } from './proposal-file.js';
import { ProposalMatching } from './proposal-matching.js';
import { reconciliationCsv, reconciliationXlsx, type ExportLine } from './reconciliation-export.js';
import {
  RECONCILIATION_ATTEMPTS,
  RECONCILIATION_JOB,
  SIRE_DOWNLOAD_JOB,
} from './reconciliation-job.js';
import type {
  HeldListRow,
  ReconciliationItemRow,
  ReconciliationRepository,
  ReconciliationRow,
} from './reconciliation.repository.js';
import { complementDocumentOf, referenceKey } from './sire-files.js';

/** A proposal file as uploaded. */
export interface ProposalUpload {
  name: string;
  bytes: Uint8Array;
}

/** A file to download: its name, type and bytes as a stream. */
export interface Download {
  filename: string;
  contentType: string;
  body: Readable;
}

/** Groups whose rows have the document SUFEL holds: their files make the ZIP. */
const MATCHED_GROUPS = ['conciliado', 'diferencia_menor', 'importe_distinto'];
/** Suppliers asked for their XML in one answer, at most. */
const MISSING_XML_ROWS = 5000;

function exportLineOfRow(row: ReconciliationItemRow): ExportLine {
  return { ...row };
}

function exportLineOfHeld(group: HeldGroup, row: HeldListRow): ExportLine {
  const item = heldItemOf(group, row);
  return {
    ...item,
    total_sire: null,
    base_sire: null,
    igv_sire: null,
    base_sufel: row.base_gravada,
    igv_sufel: row.igv,
  };
}

async function* mapped<T, U>(
  batches: AsyncIterable<T[]>,
  map: (item: T) => U,
): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(map);
}

function uploadRefusal(error: unknown): never {
  if (error instanceof UploadFileError) {
    throw new AppError('bad_request', said('sireUploadUnreadable', { reason: error.message }));
  }
  throw error;
}

/** An import answered when done (200) or left running in the background (202). */
export interface ImportAnswer {
  status: 200 | 202;
  reconciliation: Reconciliation;
}

/** What a reconciliation downloaded from SIRE shows while it waits. */
export const SIRE_STAGES = {
  queued: 'En cola para pedir la propuesta a SUNAT',
} as const;

/** A reconciliation run inline is looked at again after this long, in case its process died. */
const INLINE_SAFETY_MS = 5 * 60_000;
const LIST_LIMIT = 50;
const NAME_MAX = 200;

const HELD_REASONS: Readonly<Record<HeldGroup, (row: HeldListRow) => string>> = {
  solo_en_sufel: (row) =>
    row.sire_complementado === null
      ? 'SUNAT no lo propuso en ninguna propuesta importada: si corresponde anotarlo, inclúyalo con el archivo de complemento.'
      : `SUNAT no lo propuso; se incluyó con el archivo de complemento de ${formatPeriod(row.sire_complementado)}.`,
  credito_en_riesgo: () =>
    'Factura con IGV que ninguna propuesta trae, emitida hace 11 meses o más: anótela antes de que se cumplan 12 meses de su emisión o puede perder el crédito fiscal.',
  boleta: () =>
    'SIRE no propone boletas de venta: anótela usted si sustenta crédito fiscal o gasto.',
};

function isHeldGroup(group: string): group is HeldGroup {
  return (HELD_GROUPS as readonly string[]).includes(group);
}

function emptySummary(): ReconciliationSummary {
  return Object.fromEntries(
    [...ROW_GROUPS, ...HELD_GROUPS].map((group) => [group, 0]),
  ) as ReconciliationSummary;
}

function listItemOf(row: ReconciliationRow): ReconciliationListItem {
  return {
    id: row.id,
    periodo: row.periodo,
    estado: row.estado,
    origen: row.origen,
    archivo: row.archivo_nombre,
    filas: row.filas,
    procesadas: row.procesadas,
    etapa: row.etapa,
    mensaje: row.mensaje,
    resumen: { ...emptySummary(), ...row.resumen },
    filasConError: row.filas_con_error,
    creado: row.created_at.toISOString(),
    actualizado: row.updated_at.toISOString(),
  };
}

function rowItemOf(row: ReconciliationItemRow): ReconciliationItem {
  return {
    car: row.car,
    grupo: row.grupo as RowGroup,
    linea: row.linea,
    tipo: row.tipo,
    serie: row.serie,
    numero: row.numero,
    emisor: row.emisor,
    emisor_nombre: row.emisor_nombre,
    fecha: row.fecha,
    moneda: row.moneda,
    total_sire: row.total_sire,
    total_sufel: row.total_sufel,
    documentId: row.document_id,
    motivo: row.motivo,
  };
}

function heldItemOf(group: HeldGroup, row: HeldListRow): ReconciliationItem {
  return {
    car: row.car ?? carOfDocument(row),
    grupo: group,
    linea: null,
    tipo: row.tipo,
    serie: row.serie,
    numero: String(row.numero),
    emisor: row.emisor,
    emisor_nombre: row.emisor_nombre,
    fecha: row.fecha,
    moneda: row.moneda,
    total_sire: null,
    total_sufel: row.total,
    documentId: row.id,
    motivo: HELD_REASONS[group](row),
  };
}

/**
 * SIRE's proposal against the documents SUFEL holds: import (answered when
 * small, in the background when large), the result by group, the history.
 */
export class ReconciliationService {
  private readonly matching: ProposalMatching;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: ReconciliationRepository,
    private readonly files: FileStore,
    private readonly jobs: JobQueue,
    private readonly exports: ExportService,
    private readonly now: () => Date,
  ) {
    this.matching = new ProposalMatching(db, repository, now);
  }

  /**
   * Reads the head of the proposal (refusing what is not one, another RUC's,
   * or a future period's), keeps the file, and matches it: now when it has up
   * to 10 000 rows, otherwise in the background. The same file imported
   * again is the same reconciliation, matched again.
   */
  async importFile(receiverRuc: string, upload: ProposalUpload): Promise<ImportAnswer> {
    const text = proposalText(upload.name, upload.bytes);
    const head = await proposalHead(text);
    const period = head.first.period;
    if (head.first.receiverRuc !== receiverRuc) {
      throw new AppError(
        'bad_request',
        said('proposalOtherRuc', { proposalRuc: head.first.receiverRuc, accountRuc: receiverRuc }),
      );
    }
    if (period > limaPeriod(this.now())) {
      throw new AppError(
        'bad_request',
        said('proposalFuturePeriod', { period: formatPeriod(period) }),
      );
    }
    const background = head.rows > RECONCILIATION_INLINE_ROWS;
    const staged = await this.files.stage([upload.bytes]);
    const hash = staged.hashes[0] ?? sha256Hex(upload.bytes);
    const id = await this.db.transaction().execute(async (trx) => {
      await staged.record(trx);
      const id = await this.open(trx, receiverRuc, {
        period,
        name: upload.name.slice(0, NAME_MAX) || text.name,
        hash,
        rows: head.rows,
      });
      await this.jobs.add(trx, RECONCILIATION_JOB, [
        {
          payload: { reconciliationId: id },
          ...(background ? {} : { runAt: new Date(this.now().getTime() + INLINE_SAFETY_MS) }),
        },
      ]);
      return id;
    });
    if (!background) await this.process(id, text);
    return { status: background ? 202 : 200, reconciliation: await this.find(receiverRuc, id) };
  }

  /** The reconciliation of the file, new or the one imported before (then open again). */
  private async open(
    trx: Kysely<Database>,
    receiverRuc: string,
    file: { period: string; name: string; hash: string; rows: number },
  ): Promise<number> {
    // One import at a time per account, so the same file twice meets its first import.
    await trx
      .selectFrom('clients')
      .select('documento')
      .where('documento', '=', receiverRuc)
      .forUpdate()
      .execute();
    const at = this.now();
    const columns = {
      estado: 'procesando' as const,
      etapa: 'Leyendo la propuesta',
      mensaje: null,
      filas: file.rows,
      procesadas: 0,
      archivo_nombre: file.name,
      updated_at: at,
    };
    const existing = await this.repository.byFile(trx, receiverRuc, file.hash);
    if (existing === undefined) {
      return this.repository.create(trx, {
        ...columns,
        cliente_doc: receiverRuc,
        periodo: file.period,
        origen: 'archivo',
        archivo_hash: file.hash,
        created_at: at,
      });
    }
    if (existing.estado === 'procesando') {
      throw new AppError('conflict', 'reconciliationStillRunning');
    }
    await this.repository.update(trx, existing.id, columns);
    return existing.id;
  }

  /**
   * "Descargar de SUNAT": the account's reconciliation of the period's
   * proposal as SIRE gives it, queued to be downloaded and matched. Asking
   * again for a period is the same reconciliation, downloaded again (or, while
   * it runs, the one running).
   */
  async requestFromSire(receiverRuc: string, period: string): Promise<Reconciliation> {
    if (period > limaPeriod(this.now())) {
      throw new AppError('bad_request', 'sireFuturePeriod');
    }
    const id = await this.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('clients')
        .select('documento')
        .where('documento', '=', receiverRuc)
        .forUpdate()
        .execute();
      const existing = await this.repository.fromSire(trx, receiverRuc, period);
      if (existing?.estado === 'procesando') return existing.id;
      const at = this.now();
      const columns = {
        estado: 'procesando' as const,
        etapa: SIRE_STAGES.queued,
        mensaje: null,
        filas: 0,
        procesadas: 0,
        updated_at: at,
      };
      let id: number;
      if (existing === undefined) {
        id = await this.repository.create(trx, {
          ...columns,
          cliente_doc: receiverRuc,
          periodo: period,
          origen: 'sire',
          created_at: at,
        });
      } else {
        id = existing.id;
        await this.repository.update(trx, id, columns);
        await this.repository.forgetFile(trx, id);
      }
      await this.jobs.add(trx, SIRE_DOWNLOAD_JOB, [
        { payload: { reconciliationId: id }, dedupeKey: `sire:${id}` },
      ]);
      return id;
    });
    return this.find(receiverRuc, id);
  }

  /** What a reconciliation being downloaded from SIRE is doing now. */
  async stage(id: number, etapa: string): Promise<void> {
    await this.repository.update(this.db, id, { etapa, updated_at: this.now() });
  }

  /** A reconciliation that cannot go on, with the reason in Spanish. */
  async fail(id: number, mensaje: string): Promise<void> {
    await this.repository.update(this.db, id, {
      estado: 'fallido',
      etapa: null,
      mensaje,
      updated_at: this.now(),
    });
  }

  /**
   * The proposal SIRE delivered for a reconciliation: kept, checked as an
   * upload is (the account's RUC, the period asked for), and matched. The
   * same file imported before by hand is that reconciliation's no more: this
   * one, newer, takes its place.
   */
  async importDownloaded(id: number, upload: ProposalUpload, signal?: AbortSignal): Promise<void> {
    const row = await this.repository.find(id);
    if (row === undefined || row.estado !== 'procesando') return;
    const text = proposalText(upload.name, upload.bytes);
    const head = await proposalHead(text);
    if (head.first.receiverRuc !== row.cliente_doc || head.first.period !== row.periodo) {
      throw new AppError(
        'bad_request',
        said('sireWrongProposal', {
          proposalRuc: head.first.receiverRuc,
          proposalPeriod: formatPeriod(head.first.period),
          accountRuc: row.cliente_doc,
          period: formatPeriod(row.periodo),
        }),
      );
    }
    const staged = await this.files.stage([upload.bytes]);
    const hash = staged.hashes[0] ?? sha256Hex(upload.bytes);
    await this.db.transaction().execute(async (trx) => {
      await staged.record(trx);
      const earlier = await this.repository.byFile(trx, row.cliente_doc, hash);
      if (earlier !== undefined && earlier.id !== id) await this.repository.remove(trx, earlier.id);
      await this.repository.update(trx, id, {
        archivo_nombre: upload.name.slice(0, NAME_MAX),
        archivo_hash: hash,
        filas: head.rows,
        updated_at: this.now(),
      });
    });
    await this.process(id, text, signal);
  }

  /** A queued reconciliation: matched if it is still waiting to be. */
  async runQueued(id: number, attempt: number, signal: AbortSignal): Promise<void> {
    const row = await this.repository.find(id);
    if (row === undefined || row.estado !== 'procesando' || row.archivo_hash === null) return;
    const bytes = await this.files.read(row.archivo_hash);
    try {
      await this.process(id, proposalText(row.archivo_nombre ?? 'propuesta', bytes), signal);
    } catch (error) {
      if (error instanceof AppError || attempt >= RECONCILIATION_ATTEMPTS) {
        throw new JobFailure(error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  }

  /** Matches the proposal and stores the result; a failure is stored as the reason. */
  private async process(id: number, text: ProposalText, signal?: AbortSignal): Promise<void> {
    const row = await this.repository.find(id);
    if (row === undefined) return;
    try {
      await this.repository.update(this.db, id, { etapa: 'Conciliando', updated_at: this.now() });
      const outcome = await this.matching.run(
        { id, receiverRuc: row.cliente_doc, period: row.periodo },
        text,
        signal,
      );
      const held = await this.heldCounts(row.cliente_doc, row.periodo);
      await this.repository.update(this.db, id, {
        estado: 'listo',
        etapa: null,
        filas: outcome.rows + outcome.errorCount,
        procesadas: outcome.rows,
        resumen: JSON.stringify({ ...outcome.summary, ...held }),
        filas_con_error: outcome.errorCount,
        errores: JSON.stringify(outcome.errors),
        updated_at: this.now(),
      });
    } catch (error) {
      if (signal?.aborted === true) throw error;
      await this.repository.update(this.db, id, {
        estado: 'fallido',
        etapa: null,
        mensaje:
          error instanceof AppError
            ? error.message
            : 'No se pudo conciliar la propuesta por un error del servidor. Impórtela de nuevo.',
        updated_at: this.now(),
      });
      throw error;
    }
  }

  private async heldCounts(
    receiverRuc: string,
    period: string,
  ): Promise<Record<HeldGroup, number>> {
    const bounds = periodBounds(period);
    const counts = await Promise.all(
      HELD_GROUPS.map((group) => this.repository.heldCount(receiverRuc, group, bounds)),
    );
    return Object.fromEntries(HELD_GROUPS.map((group, i) => [group, counts[i]!])) as Record<
      HeldGroup,
      number
    >;
  }

  private async owned(receiverRuc: string, id: number): Promise<ReconciliationRow> {
    const row = await this.repository.find(id, receiverRuc);
    if (row === undefined) throw new AppError('not_found', 'reconciliationNotFound');
    return row;
  }

  /** One reconciliation; what SUNAT did not propose is counted as it stands now. */
  async find(receiverRuc: string, id: number): Promise<Reconciliation> {
    const row = await this.owned(receiverRuc, id);
    const item = listItemOf(row);
    if (row.estado === 'listo') {
      item.resumen = { ...item.resumen, ...(await this.heldCounts(receiverRuc, row.periodo)) };
    }
    return { ...item, errores: row.errores };
  }

  async list(receiverRuc: string): Promise<ReconciliationListItem[]> {
    return (await this.repository.list(receiverRuc, LIST_LIMIT)).map(listItemOf);
  }

  /** One page of a group: proposed rows by line, held documents by id. */
  async items(
    receiverRuc: string,
    id: number,
    query: { grupo: RowGroup | HeldGroup; limit: number; cursor?: string | undefined },
  ): Promise<ReconciliationItemsPage> {
    const row = await this.owned(receiverRuc, id);
    const after = query.cursor === undefined ? 0 : Number(query.cursor);
    const group = query.grupo;
    if (isHeldGroup(group)) {
      const rows = await this.repository.heldPage(
        receiverRuc,
        group,
        periodBounds(row.periodo),
        after,
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      return {
        items: page.map((held) => heldItemOf(group, held)),
        nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
      };
    }
    const rows = await this.repository.itemsPage(id, group, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    return {
      items: page.map(rowItemOf),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.linea) : null,
    };
  }

  private async ready(receiverRuc: string, id: number): Promise<ReconciliationRow> {
    const row = await this.owned(receiverRuc, id);
    if (row.estado !== 'listo') throw new AppError('conflict', 'reconciliationNotReady');
    return row;
  }

  /** Every group as a sheet of a workbook (a summary first), or one CSV with the group as a column. */
  async export(receiverRuc: string, id: number, format: 'xlsx' | 'csv'): Promise<Download> {
    const row = await this.ready(receiverRuc, id);
    const { resumen } = await this.find(receiverRuc, id);
    const bounds = periodBounds(row.periodo);
    const data = {
      period: row.periodo,
      summary: resumen,
      errors: row.errores,
      lines: (group: ReconciliationGroup) =>
        isHeldGroup(group)
          ? mapped(this.repository.held(receiverRuc, group, bounds), (held) =>
              exportLineOfHeld(group, held),
            )
          : mapped(this.repository.items(id, group), exportLineOfRow),
    };
    return {
      filename: `conciliacion-sire-${receiverRuc}-${row.periodo}.${format}`,
      contentType:
        format === 'xlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv; charset=utf-8',
      body: format === 'xlsx' ? reconciliationXlsx(data) : reconciliationCsv(data),
    };
  }

  /** The `sin_xml` rows by supplier, each with a message asking for the XML, ready to send. */
  async missingXml(receiverRuc: string, id: number): Promise<MissingXml> {
    const row = await this.ready(receiverRuc, id);
    const receiverName = await this.repository.receiverName(receiverRuc);
    const suppliers = new Map<string, MissingXml['proveedores'][number]>();
    for (const item of await this.repository.missingXml(id, MISSING_XML_ROWS)) {
      let supplier = suppliers.get(item.emisor);
      if (supplier === undefined) {
        supplier = { ruc: item.emisor, nombre: item.emisor_nombre, documentos: [], mensaje: '' };
        suppliers.set(item.emisor, supplier);
      }
      supplier.documentos.push({
        car: item.car,
        tipo: item.tipo,
        serie: item.serie,
        numero: item.numero,
        fecha: item.fecha,
        moneda: item.moneda,
        total: item.total_sire,
      });
    }
    for (const supplier of suppliers.values()) {
      const lines = supplier.documentos.map(
        (doc) =>
          `- Tipo ${doc.tipo} ${doc.serie}-${doc.numero} del ${doc.fecha.slice(8, 10)}/${doc.fecha.slice(5, 7)}/${doc.fecha.slice(0, 4)} por ${doc.moneda} ${doc.total}`,
      );
      supplier.mensaje = [
        `Señores ${supplier.nombre} (RUC ${supplier.ruc}):`,
        '',
        `En la propuesta del Registro de Compras de SUNAT (SIRE) de ${formatPeriod(row.periodo)} figuran estos comprobantes que ustedes emitieron a ${receiverName || receiverRuc} (RUC ${receiverRuc}), de los que no hemos recibido el XML:`,
        ...lines,
        '',
        'Les agradeceremos enviarnos el XML firmado de cada uno (y su constancia de recepción, si la tienen).',
      ].join('\n');
    }
    return { proveedores: [...suppliers.values()] };
  }

  /**
   * The include/exclude file or the complement file for SIRE, numbered after
   * the last one made for the period; what it does is kept on each document.
   */
  async sireFile(receiverRuc: string, id: number, request: SireFileRequest): Promise<UploadFile> {
    const row = await this.ready(receiverRuc, id);
    const period = row.periodo;
    if (request.archivo === 'inclusion') {
      const cars = request.filas.map((fila) => fila.car);
      const rows = await this.repository.rowsOfCars(id, cars);
      const known = new Map(rows.map((item) => [item.car, item]));
      const unknown = cars.filter((car) => !known.has(car));
      if (unknown.length > 0) {
        throw new AppError(
          'bad_request',
          said('reconciliationUnknownRows', { rows: unknown.slice(0, 20).join(', ') }),
        );
      }
      return this.db.transaction().execute(async (trx) => {
        const sequence = await this.repository.nextFileSequence(
          trx,
          receiverRuc,
          period,
          'RCEINEX',
        );
        let file: UploadFile;
        try {
          file = inclusionFile({
            receiverRuc,
            period,
            sequence,
            entries: request.filas.map((fila) => ({
              car: fila.car,
              action: fila.accion === 'excluir' ? 'exclude' : 'include',
            })),
          });
        } catch (error) {
          uploadRefusal(error);
        }
        const documentsOf = (accion: string) =>
          request.filas
            .filter((fila) => fila.accion === accion)
            .map((fila) => known.get(fila.car)!.document_id)
            .filter((documentId): documentId is number => documentId !== null);
        await this.repository.markSireFile(trx, documentsOf('excluir'), { sire_excluido: period });
        await this.repository.markSireFile(trx, documentsOf('incluir'), { sire_excluido: null });
        return file;
      });
    }
    const ids = request.documentos.map((document) => document.id);
    const documents = await this.repository.complementable(receiverRuc, periodBounds(period), ids);
    const found = new Set(documents.map((document) => document.id));
    const missing = ids.filter((documentId) => !found.has(documentId));
    if (missing.length > 0) {
      throw new AppError(
        'bad_request',
        said('reconciliationNotComplementable', { rows: missing.slice(0, 20).join(', ') }),
      );
    }
    const references = documents
      .map(referenceKey)
      .filter((key): key is string => key !== null)
      .map((key) => {
        const [emisor = '', tipo = '', serie = '', numero = '0'] = key.split('|');
        return { emisor, tipo, serie, numero: Number(numero) };
      });
    const dates = await this.repository.issueDates(receiverRuc, references);
    const rates = new Map(request.documentos.map((document) => [document.id, document.tipoCambio]));
    const receiverName = await this.repository.receiverName(receiverRuc);
    return this.db.transaction().execute(async (trx) => {
      const sequence = await this.repository.nextFileSequence(trx, receiverRuc, period, 'CP');
      let file: UploadFile;
      try {
        file = complementFile({
          receiverRuc,
          receiverName,
          period,
          sequence,
          documents: documents.map((document: DocumentRow) => {
            const key = referenceKey(document);
            return complementDocumentOf(
              document,
              key === null ? undefined : dates.get(key),
              rates.get(document.id),
            );
          }),
        });
      } catch (error) {
        uploadRefusal(error);
      }
      await this.repository.markSireFile(trx, ids, { sire_complementado: period });
      return file;
    });
  }

  /** The files (XML, PDF, CDR) of the documents matched to the proposal's rows, as a ZIP. */
  async matchedDocuments(receiverRuc: string, id: number): Promise<Download & { count: number }> {
    const row = await this.ready(receiverRuc, id);
    const count = await this.repository.countMatchedDocuments(id, MATCHED_GROUPS);
    if (count === 0) throw new AppError('bad_request', 'reconciliationNoMatched');
    if (count > EXPORT_MAX_DOCUMENTS) {
      throw new AppError(
        'bad_request',
        said('reconciliationTooManyForZip', { count, limit: EXPORT_MAX_DOCUMENTS }),
      );
    }
    const repository = this.repository;
    async function* rows(): AsyncGenerator<DocumentRow[]> {
      for (let after = 0; ;) {
        const batch = await repository.matchedDocuments(
          receiverRuc,
          id,
          MATCHED_GROUPS,
          after,
          500,
        );
        if (batch.length === 0) return;
        yield batch;
        after = batch.at(-1)!.id;
      }
    }
    return {
      filename: `comprobantes-sire-${receiverRuc}-${row.periodo}.zip`,
      contentType: 'application/zip',
      count,
      body: this.exports.zipOf(rows),
    };
  }
}
