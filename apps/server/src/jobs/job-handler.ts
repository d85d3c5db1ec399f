import type { z } from 'zod';

/** Where the worker and its jobs report; the app's logger in production. */
export interface WorkerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** A kind of work: its name and the shape of its payload, enough to queue it. */
export interface JobKind<P> {
  /** Stable name stored with each job, e.g. `sunat.validity`. */
  kind: string;
  payload: z.ZodType<P>;
}

export interface JobContext {
  id: number;
  /** 1 on the first run, counting runs a vanished instance began. */
  attempt: number;
  batchId: number | null;
  /** Aborted when this instance stops: the job is given back to the queue. */
  signal: AbortSignal;
  /** The instance's log, for what a job has to say of what it did. */
  log: WorkerLog;
}

/** How one kind of job is run. It finishes when `run` resolves. */
export interface JobHandler<P> extends JobKind<P> {
  run(payload: P, context: JobContext): Promise<void>;
  /** Jobs of this kind that share a rate key start at most this often, across every instance. */
  ratePerSecond?: number;
  /** Runs before giving up; default 8. */
  maxAttempts?: number;
  /** Wait before run n + 1 after n failed; default 30 s doubling up to an hour. */
  backoffMs?: (failures: number) => number;
}

/** Try again later: after the backoff, or `afterMs` when the other side said when. */
export class RetryJob extends Error {
  constructor(
    reason: string,
    readonly options: {
      afterMs?: number;
      /** The cause holds for every job of the key (a quota, an outage): they all wait. */
      holdKey?: boolean;
    } = {},
  ) {
    super(reason);
    this.name = 'RetryJob';
  }
}

/** Trying again cannot help: the job fails now with this reason. */
export class JobFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'JobFailure';
  }
}

export const DEFAULT_MAX_ATTEMPTS = 8;

export function defaultBackoffMs(failures: number): number {
  return Math.min(30_000 * 2 ** (failures - 1), 60 * 60_000);
}
