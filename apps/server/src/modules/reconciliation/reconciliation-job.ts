import { z } from 'zod';
import type { JobHandler, JobKind } from '../../jobs/job-handler.js';

const ReconciliationPayload = z.object({ reconciliationId: z.number().int().positive() });
export type ReconciliationPayload = z.infer<typeof ReconciliationPayload>;

/** Reading and matching a proposal in the background. */
export const RECONCILIATION_JOB: JobKind<ReconciliationPayload> = {
  kind: 'reconciliation.run',
  payload: ReconciliationPayload,
};

/** Runs before a reconciliation is given up and marked failed. */
export const RECONCILIATION_ATTEMPTS = 3;

export interface ReconciliationRunner {
  /** Does nothing for a reconciliation that is no longer being processed. */
  runQueued(id: number, attempt: number, signal: AbortSignal): Promise<void>;
}

export function reconciliationJobHandler(
  runner: ReconciliationRunner,
): JobHandler<ReconciliationPayload> {
  return {
    ...RECONCILIATION_JOB,
    maxAttempts: RECONCILIATION_ATTEMPTS,
    backoffMs: (failures) => 10_000 * 2 ** (failures - 1),
    run: ({ reconciliationId }, { attempt, signal }) =>
      runner.runQueued(reconciliationId, attempt, signal),
  };
}
