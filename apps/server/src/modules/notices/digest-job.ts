import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { NoticesService } from './notices.service.js';

/** How often the digest queue is looked at: a day's digests leave within this of Lima midnight. */
export const DIGEST_POLL_MS = 10 * 60_000;

/**
 * Queues the daily digests. It keeps no state of its own: what is due lives in
 * the database, so a restart loses nothing, and several instances may all run
 * it (each receiver's day is taken by exactly one of them).
 */
export class DigestJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private log: FastifyBaseLogger | null = null;
  private stopped = true;

  constructor(
    private readonly notices: NoticesService,
    private readonly db: Kysely<Database>,
    private readonly pollMs: number = DIGEST_POLL_MS,
  ) {}

  start(log: FastifyBaseLogger): void {
    this.log = log;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One look at the queue; answers how many digests were queued. */
  async runOnce(): Promise<number> {
    this.running ??= this.notices.runDigests(this.db).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.runOnce()
        .catch((error: unknown) => this.log?.error({ err: error }, 'notice digests not queued'))
        .finally(() => {
          if (!this.stopped) this.schedule(this.pollMs);
        });
    }, delayMs);
    this.timer.unref();
  }
}
