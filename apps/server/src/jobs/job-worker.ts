import { setTimeout as sleep } from 'node:timers/promises';
import type { Listen } from '../db/notifications.js';
import {
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  JobFailure,
  RetryJob,
  type JobHandler,
  type WorkerLog,
} from './job-handler.js';
import type { JobQueue } from './job-queue.js';
import { JOBS_CHANNEL, type ClaimedJob, type JobsRepository } from './jobs.repository.js';

export type { WorkerLog } from './job-handler.js';

export interface JobWorkerOptions {
  /** Jobs this instance runs at once. */
  concurrency: number;
  /** A claimed job whose instance stops renewing this is claimed again by another. */
  leaseMs: number;
  /** Look at the queue at least this often, in case a notification was missed. */
  pollMs: number;
  /** How far ahead rate slots are taken; jobs wait for them in memory. */
  horizonMs: number;
  /** Finished jobs are kept this long (batch progress reads them). */
  keepMs: number;
}

export const DEFAULT_JOB_WORKER_OPTIONS: JobWorkerOptions = {
  concurrency: 8,
  leaseMs: 30_000,
  pollMs: 30_000,
  horizonMs: 1_000,
  keepMs: 7 * 24 * 3600_000,
};

/** After a failed look at the queue (database down), the next one waits this long. */
const UNAVAILABLE_RETRY_MS = 5_000;
/** A due job another instance is claiming right now: look again shortly, not at once. */
const MIN_DELAY_MS = 50;
/** Stopping waits this long for running jobs to notice; the rest come back after their lease. */
const STOP_WAIT_MS = 3_000;
const PURGE_EVERY_MS = 3600_000;

const SILENT: WorkerLog = { info: () => {}, warn: () => {}, error: () => {} };

interface Running {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Runs queued jobs in this process: woken by NOTIFY when jobs are queued (on
 * any instance), by its own timer when the next job falls due, and after each
 * job it finishes. Several instances share the queue; each holds what it
 * claimed under a lease it renews while the job runs.
 */
export class JobWorker {
  private readonly running = new Map<number, Running>();
  private timer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private unlisten: (() => Promise<void>) | null = null;
  private lastPurge = 0;
  private log: WorkerLog | null = null;

  constructor(
    private readonly queue: JobQueue,
    private readonly repository: JobsRepository,
    private readonly now: () => Date,
    private readonly options: JobWorkerOptions = DEFAULT_JOB_WORKER_OPTIONS,
    /** Unset: queued jobs are found by the periodic look only. */
    private readonly listen?: Listen,
  ) {}

  async start(log: WorkerLog): Promise<void> {
    this.log = log;
    this.stopped = false;
    this.renewTimer = setInterval(() => void this.renew(), this.options.leaseMs / 3);
    this.renewTimer.unref();
    if (this.listen !== undefined) {
      this.unlisten = await this.listen(JOBS_CHANNEL, () => this.wake());
    }
    this.wake();
  }

  /** Stops claiming, gives back what runs (or lets its lease end), and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.renewTimer !== null) clearInterval(this.renewTimer);
    this.timer = null;
    this.renewTimer = null;
    await this.unlisten?.();
    this.unlisten = null;
    await this.looking;
    for (const { controller } of this.running.values()) controller.abort();
    const all = Promise.all([...this.running.values()].map(({ done }) => done));
    await Promise.race([all, sleep(STOP_WAIT_MS, undefined, { ref: false })]);
  }

  /** Jobs running in this process now. */
  get busy(): number {
    return this.running.size;
  }

  /** Looks at the queue now, or right after the look in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.looking !== null) {
      this.again = true;
      return;
    }
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.looking = this.look().then(() => {
      this.looking = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async look(): Promise<void> {
    try {
      const free = this.options.concurrency - this.running.size;
      const kinds = this.queue.claimableKinds();
      const claimed =
        free > 0
          ? await this.repository.claim({
              kinds,
              limit: free,
              now: this.now(),
              horizonMs: this.options.horizonMs,
              leaseMs: this.options.leaseMs,
            })
          : [];
      for (const job of claimed) this.launch(job);
      await this.purgeNowAndThen();
      // Full: each finished job wakes the worker. Otherwise, sleep until the next one is due.
      if (this.running.size >= this.options.concurrency || claimed.length === free) return;
      const due = await this.repository.nextDueAt(kinds, this.now(), this.options.horizonMs);
      const delay =
        due === null
          ? this.options.pollMs
          : Math.min(
              Math.max(due.getTime() - this.now().getTime(), MIN_DELAY_MS),
              this.options.pollMs,
            );
      this.schedule(delay);
    } catch (error) {
      this.log?.error({ err: error }, 'job queue unavailable');
      this.schedule(UNAVAILABLE_RETRY_MS);
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, delayMs);
    this.timer.unref();
  }

  private launch(job: ClaimedJob): void {
    const controller = new AbortController();
    const done = this.execute(job, controller.signal).finally(() => {
      this.running.delete(job.id);
      this.wake();
    });
    this.running.set(job.id, { job, controller, done });
  }

  private async execute(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const registered = this.queue.handlerOf(job.kind);
    if (registered === undefined) return;
    const { handler } = registered;
    try {
      const wait = job.startAt.getTime() - this.now().getTime();
      if (wait > 0) await sleep(wait, undefined, { signal });
      const payload = handler.payload.safeParse(job.payload);
      if (!payload.success) throw new JobFailure(`payload inválido: ${payload.error.message}`);
      await handler.run(payload.data, {
        id: job.id,
        attempt: job.attempts,
        batchId: job.batchId,
        signal,
        log: this.log ?? SILENT,
      });
      await this.settled(job, this.repository.complete(job, this.now()));
    } catch (error) {
      await this.failed(job, handler, error, signal).catch((cause: unknown) => {
        // The lease ends and another look takes the job again: nothing is lost.
        this.log?.error({ err: cause, job: job.id }, 'job outcome not recorded');
      });
    }
  }

  private async failed(
    job: ClaimedJob,
    handler: JobHandler<unknown>,
    error: unknown,
    signal: AbortSignal,
  ): Promise<void> {
    const now = this.now();
    if (signal.aborted) {
      await this.settled(job, this.repository.release(job, now));
      return;
    }
    const reason = reasonOf(error);
    const maxAttempts = handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (error instanceof JobFailure || job.attempts >= maxAttempts) {
      this.log?.warn({ job: job.id, kind: job.kind, attempts: job.attempts, reason }, 'job failed');
      await this.settled(job, this.repository.fail(job, reason, now));
      return;
    }
    if (!(error instanceof RetryJob)) {
      this.log?.warn({ err: error, job: job.id, kind: job.kind }, 'job will be retried');
    }
    const backoff = (handler.backoffMs ?? defaultBackoffMs)(job.attempts);
    const afterMs =
      error instanceof RetryJob ? Math.max(error.options.afterMs ?? 0, backoff) : backoff;
    const at = new Date(now.getTime() + afterMs);
    if (error instanceof RetryJob && error.options.holdKey === true && job.rateKey !== null) {
      await this.repository.holdKey(job.kind, job.rateKey, at);
    }
    await this.settled(job, this.repository.retry(job, reason, at));
  }

  private async settled(job: ClaimedJob, outcome: Promise<boolean>): Promise<void> {
    if (!(await outcome)) {
      this.log?.warn({ job: job.id, kind: job.kind }, 'job taken over by another instance');
    }
  }

  private async renew(): Promise<void> {
    if (this.running.size === 0) return;
    const until = new Date(this.now().getTime() + this.options.leaseMs);
    try {
      await this.repository.renew(
        [...this.running.values()].map(({ job }) => job),
        until,
      );
    } catch (error) {
      this.log?.error({ err: error }, 'job leases not renewed');
    }
  }

  private async purgeNowAndThen(): Promise<void> {
    const time = this.now().getTime();
    if (time - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = time;
    await this.repository.purge(new Date(time - this.options.keepMs));
  }
}
