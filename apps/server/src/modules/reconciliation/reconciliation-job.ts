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

/** Asking SIRE for a period's proposal, downloading it and matching it. */
export const SIRE_DOWNLOAD_JOB: JobKind<ReconciliationPayload> = {
  kind: 'reconciliation.sire',
  payload: ReconciliationPayload,
};

/** Runs before a download from SIRE is given up: SIRE down for about half an hour. */
export const SIRE_DOWNLOAD_ATTEMPTS = 6;

/** Wait after n failed runs: 1 minute, doubling up to 16. */
export function sireBackoffMs(failures: number): number {
  return Math.min(60_000 * 2 ** (failures - 1), 16 * 60_000);
}

export interface SireDownloadRunner {
  /** Does nothing for a reconciliation that is no longer being processed. */
  run(id: number, attempt: number, signal: AbortSignal): Promise<void>;
}

export function sireDownloadJobHandler(
  runner: SireDownloadRunner,
): JobHandler<ReconciliationPayload> {
  return {
    ...SIRE_DOWNLOAD_JOB,
    maxAttempts: SIRE_DOWNLOAD_ATTEMPTS,
    backoffMs: sireBackoffMs,
    run: ({ reconciliationId }, { attempt, signal }) =>
      runner.run(reconciliationId, attempt, signal),
  };
}
