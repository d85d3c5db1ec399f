import type { Kysely } from 'kysely';
import type { Database, RenderFailuresTable } from '../../db/types.js';

export type RenderFailureReason = RenderFailuresTable['reason'];

/** Renders over budget, remembered in the database so no instance starts them again. */
export class RenderFailuresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The budget a document's render last went over, or undefined when it never did. */
  async failedBudget(documentId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('render_failures')
      .select('budget_ms')
      .where('document_id', '=', documentId)
      .executeTakeFirst();
    return row?.budget_ms;
  }

  async record(documentId: number, budgetMs: number, reason: RenderFailureReason): Promise<void> {
    await this.db
      .insertInto('render_failures')
      .values({ document_id: documentId, budget_ms: budgetMs, reason })
      .onConflict((oc) => oc.column('document_id').doUpdateSet({ budget_ms: budgetMs, reason }))
      .execute();
  }
}
