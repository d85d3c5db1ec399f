import type { DocumentUpdate } from '../../db/types.js';

export interface BackfillFailure {
  id: number;
  message: string;
}

export interface BackfillSummary {
  read: number;
  failed: BackfillFailure[];
}

const BATCH = 200;

/** How one backfill finds its documents, reads the columns of each, and stores them. */
export interface BackfillSteps<Row extends { id: number }, Columns = DocumentUpdate> {
  /** The next documents still to fill, by id after `afterId`. */
  next(afterId: number, limit: number): Promise<Row[]>;
  columnsOf(row: Row): Promise<Columns>;
  save(updates: readonly { id: number; columns: Columns }[]): Promise<void>;
  /** Documents read at once: their files' reads overlap while each parse runs alone. */
  concurrency?: number;
}

/**
 * Fills columns of stored documents from their files, batch by batch. Each
 * batch commits on its own, so an interrupted run resumes with the rows still
 * to fill; a document whose files cannot be read stays unfilled and is
 * reported, and the next run tries it again.
 */
export async function runBackfill<Row extends { id: number }, Columns = DocumentUpdate>(
  steps: BackfillSteps<Row, Columns>,
  onDocument: (failed: boolean) => void,
): Promise<BackfillSummary> {
  const summary: BackfillSummary = { read: 0, failed: [] };
  let afterId = 0;
  for (;;) {
    const rows = await steps.next(afterId, BATCH);
    if (rows.length === 0) return summary;
    afterId = rows.at(-1)!.id;
    const updates: { id: number; columns: Columns }[] = [];
    const concurrency = steps.concurrency ?? 1;
    for (let start = 0; start < rows.length; start += concurrency) {
      const group = rows.slice(start, start + concurrency);
      const outcomes = await Promise.allSettled(group.map((row) => steps.columnsOf(row)));
      for (const [index, outcome] of outcomes.entries()) {
        const row = group[index]!;
        if (outcome.status === 'fulfilled') {
          updates.push({ id: row.id, columns: outcome.value });
          onDocument(false);
        } else {
          const error: unknown = outcome.reason;
          summary.failed.push({
            id: row.id,
            message: error instanceof Error ? error.message : String(error),
          });
          onDocument(true);
        }
      }
    }
    await steps.save(updates);
    summary.read += updates.length;
  }
}
