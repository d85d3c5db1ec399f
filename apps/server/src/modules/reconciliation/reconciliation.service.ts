import {
  HELD_GROUPS,
  RECONCILIATION_INLINE_ROWS,
  RECONCILIATION_MESSAGES,
  ROW_GROUPS,
  type HeldGroup,
  type Reconciliation,
  type ReconciliationItem,
  type ReconciliationItemsPage,
  type ReconciliationListItem,
  type ReconciliationSummary,
  type RowGroup,
} from '@sufel/contract';
import { formatPeriod } from '@sufel/sire';
import type { Kysely } from 'kysely';
import { sha256Hex, type FileStore } from '../../blobs/file-store.js';
import type { Database } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { JobFailure } from '../../jobs/job-handler.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { carOfDocument } from '../documents/document-car.js';
import { limaPeriod, periodBounds } from './period-bounds.js';
import { proposalHead, proposalText, type ProposalText } from './proposal-file.js';
import { ProposalMatching } from './proposal-matching.js';
import { RECONCILIATION_ATTEMPTS, RECONCILIATION_JOB } from './reconciliation-job.js';
import type {
  HeldListRow,
  ReconciliationItemRow,
  ReconciliationRepository,
  ReconciliationRow,
} from './reconciliation.repository.js';

/** A proposal file as uploaded. */
export interface ProposalUpload {
  name: string;
  bytes: Uint8Array;
}

/** An import answered when done (200) or left running in the background (202). */
export interface ImportAnswer {
  status: 200 | 202;
  reconciliation: Reconciliation;
}

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
  async importFile(clienteDoc: string, upload: ProposalUpload): Promise<ImportAnswer> {
    const text = proposalText(upload.name, upload.bytes);
    const head = await proposalHead(text);
    const period = head.first.period;
    if (head.first.receiverRuc !== clienteDoc) {
      throw new AppError(
        'bad_request',
        `La propuesta es del RUC ${head.first.receiverRuc}, no de esta cuenta (${clienteDoc}).`,
      );
    }
    if (period > limaPeriod(this.now())) {
      throw new AppError(
        'bad_request',
        `El periodo ${formatPeriod(period)} de la propuesta todavía no ha llegado.`,
      );
    }
    const background = head.rows > RECONCILIATION_INLINE_ROWS;
    const staged = await this.files.stage([upload.bytes]);
    const hash = staged.hashes[0] ?? sha256Hex(upload.bytes);
    const id = await this.db.transaction().execute(async (trx) => {
      await staged.record(trx);
      const id = await this.open(trx, clienteDoc, {
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
    return { status: background ? 202 : 200, reconciliation: await this.find(clienteDoc, id) };
  }

  /** The reconciliation of the file, new or the one imported before (then open again). */
  private async open(
    trx: Kysely<Database>,
    clienteDoc: string,
    file: { period: string; name: string; hash: string; rows: number },
  ): Promise<number> {
    // One import at a time per account, so the same file twice meets its first import.
    await trx
      .selectFrom('clients')
      .select('documento')
      .where('documento', '=', clienteDoc)
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
    const existing = await this.repository.byFile(trx, clienteDoc, file.hash);
    if (existing === undefined) {
      return this.repository.create(trx, {
        ...columns,
        cliente_doc: clienteDoc,
        periodo: file.period,
        origen: 'archivo',
        archivo_hash: file.hash,
        created_at: at,
      });
    }
    if (existing.estado === 'procesando') {
      throw new AppError('conflict', RECONCILIATION_MESSAGES.stillRunning);
    }
    await this.repository.update(trx, existing.id, columns);
    return existing.id;
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
        { id, clienteDoc: row.cliente_doc, period: row.periodo },
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

  private async heldCounts(clienteDoc: string, period: string): Promise<Record<HeldGroup, number>> {
    const bounds = periodBounds(period);
    const counts = await Promise.all(
      HELD_GROUPS.map((group) => this.repository.heldCount(clienteDoc, group, bounds)),
    );
    return Object.fromEntries(HELD_GROUPS.map((group, i) => [group, counts[i]!])) as Record<
      HeldGroup,
      number
    >;
  }

  private async owned(clienteDoc: string, id: number): Promise<ReconciliationRow> {
    const row = await this.repository.find(id, clienteDoc);
    if (row === undefined) throw new AppError('not_found', RECONCILIATION_MESSAGES.notFound);
    return row;
  }

  /** One reconciliation; what SUNAT did not propose is counted as it stands now. */
  async find(clienteDoc: string, id: number): Promise<Reconciliation> {
    const row = await this.owned(clienteDoc, id);
    const item = listItemOf(row);
    if (row.estado === 'listo') {
      item.resumen = { ...item.resumen, ...(await this.heldCounts(clienteDoc, row.periodo)) };
    }
    return { ...item, errores: row.errores };
  }

  async list(clienteDoc: string): Promise<ReconciliationListItem[]> {
    return (await this.repository.list(clienteDoc, LIST_LIMIT)).map(listItemOf);
  }

  /** One page of a group: proposed rows by line, held documents by id. */
  async items(
    clienteDoc: string,
    id: number,
    query: { grupo: RowGroup | HeldGroup; limit: number; cursor?: string | undefined },
  ): Promise<ReconciliationItemsPage> {
    const row = await this.owned(clienteDoc, id);
    const after = query.cursor === undefined ? 0 : Number(query.cursor);
    const group = query.grupo;
    if (isHeldGroup(group)) {
      const rows = await this.repository.heldPage(
        clienteDoc,
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
}
