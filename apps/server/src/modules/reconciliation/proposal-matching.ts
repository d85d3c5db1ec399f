import { ROW_GROUPS, type RowGroup } from '@sufel/contract';
import type { ProposalRow } from '@sufel/sire';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { readValidity } from '../sunat-validity/sunat-validity.repository.js';
import { formatCents } from './cents.js';
import { proposalEntries, type ProposalText } from './proposal-file.js';
import type {
  NewReconciliationItem,
  ReconciliationRepository,
} from './reconciliation.repository.js';
import { groupOfRow, type EarlierSighting, type HeldDocument } from './row-groups.js';

/** Rows matched per transaction: one CAR lookup each. */
const BATCH_ROWS = 2000;
/** Unreadable rows kept with their message; the rest are only counted. */
const KEPT_ERRORS = 1000;

export interface MatchTarget {
  id: number;
  receiverRuc: string;
  period: string;
}

export interface MatchOutcome {
  rows: number;
  summary: Record<RowGroup, number>;
  errors: { linea: number; mensaje: string }[];
  errorCount: number;
}

/**
 * Matches a proposal with the documents the account may see, streaming: rows
 * are read as the file is, and each batch is looked up by CAR in one indexed
 * query, grouped, stored and counted in its own transaction. What was stored
 * for the reconciliation before is replaced.
 */
export class ProposalMatching {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: ReconciliationRepository,
    private readonly now: () => Date,
  ) {}

  async run(target: MatchTarget, text: ProposalText, signal?: AbortSignal): Promise<MatchOutcome> {
    await this.repository.clearItems(this.db, target.id);
    const outcome: MatchOutcome = {
      rows: 0,
      summary: Object.fromEntries(ROW_GROUPS.map((group) => [group, 0])) as Record<
        RowGroup,
        number
      >,
      errors: [],
      errorCount: 0,
    };
    const firstLines = new Map<string, number>();
    let batch: ProposalRow[] = [];
    const rowError = (line: number, message: string) => {
      outcome.errorCount += 1;
      if (outcome.errors.length < KEPT_ERRORS)
        outcome.errors.push({ linea: line, mensaje: message });
    };
    for await (const entry of proposalEntries(text)) {
      if (entry.kind === 'error') {
        rowError(entry.error.line, entry.error.message);
        continue;
      }
      const problem = this.foreign(entry.row, target);
      if (problem !== null) {
        rowError(entry.row.line, problem);
        continue;
      }
      batch.push(entry.row);
      if (batch.length >= BATCH_ROWS) {
        signal?.throwIfAborted();
        await this.match(target, batch, firstLines, outcome);
        batch = [];
      }
    }
    await this.match(target, batch, firstLines, outcome);
    return outcome;
  }

  /** A row of another RUC or period than the proposal's first: listed, not matched. */
  private foreign(row: ProposalRow, target: MatchTarget): string | null {
    if (row.receiverRuc !== target.receiverRuc) {
      return `Línea ${row.line}: el RUC ${row.receiverRuc} no es el de esta cuenta (${target.receiverRuc}).`;
    }
    if (row.period !== target.period) {
      return `Línea ${row.line}: el periodo ${row.period} no es el de la propuesta (${target.period}).`;
    }
    return null;
  }

  private async match(
    target: MatchTarget,
    rows: readonly ProposalRow[],
    firstLines: Map<string, number>,
    outcome: MatchOutcome,
  ): Promise<void> {
    if (rows.length === 0) return;
    const cars = [...new Set(rows.map((row) => row.car))];
    await this.db.transaction().execute(async (trx) => {
      const heldRows = await this.repository.heldByCar(trx, target.receiverRuc, cars);
      const validity = await readValidity(
        trx,
        heldRows.map((row) => row.id),
      );
      const held = new Map<string, HeldDocument>();
      for (const row of heldRows) {
        if (row.car === null || held.has(row.car)) continue;
        const state = validity.get(row.id);
        held.set(row.car, {
          ...row,
          car: row.car,
          estado_cp: state?.estadoCp ?? null,
          checked_at: state === undefined ? null : new Date(state.checkedAt),
        });
      }
      const earlierProposals = new Map<string, { id: number; importedAt: Date }>();
      for (const other of await this.repository.inOtherProposals(trx, target, cars)) {
        if (!earlierProposals.has(other.car)) {
          earlierProposals.set(other.car, { id: other.id, importedAt: other.created_at });
        }
      }
      const items: NewReconciliationItem[] = [];
      const proposed = new Set<number>();
      for (const row of rows) {
        const earlier: EarlierSighting = {};
        const line = firstLines.get(row.car);
        if (line === undefined) firstLines.set(row.car, row.line);
        else earlier.line = line;
        const proposal = earlierProposals.get(row.car);
        if (proposal !== undefined) earlier.proposal = proposal;
        const document = held.get(row.car);
        const verdict = groupOfRow(row, document, earlier, target.period);
        outcome.summary[verdict.group] += 1;
        if (document !== undefined) proposed.add(document.id);
        items.push({
          reconciliation_id: target.id,
          linea: row.line,
          car: row.car,
          grupo: verdict.group,
          tipo: row.type,
          serie: row.series,
          numero: row.number,
          emisor: row.supplierId,
          emisor_nombre: row.supplierName,
          fecha: row.issueDate,
          moneda: row.currency,
          total_sire: formatCents(row.amounts.total),
          base_sire: formatCents(verdict.base),
          igv_sire: formatCents(verdict.igv),
          total_sufel: document?.total ?? null,
          base_sufel: document?.base_gravada ?? null,
          igv_sufel: document?.igv ?? null,
          document_id: document?.id ?? null,
          motivo: verdict.reason,
        });
      }
      outcome.rows += rows.length;
      await this.repository.insertItems(trx, items);
      await this.repository.markProposed(trx, [...proposed], target.period);
      await this.repository.update(trx, target.id, {
        procesadas: outcome.rows,
        updated_at: this.now(),
      });
    });
  }
}
