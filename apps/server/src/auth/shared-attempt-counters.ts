import { connectPostgres } from '../db/connect.js';
import type { Count } from './attempt-counter-store.js';
import { AttemptCountersRepository } from './attempt-counters.repository.js';

/** The connections of an instance's own pool for the counters. */
const COUNTER_CONNECTIONS = 4;

interface Logger {
  warn(fields: object, message: string): void;
}

/**
 * Failed-attempt counters kept in PostgreSQL, shared by every instance, on a
 * pool of their own. A consultation runs on it too, in one statement with its
 * counters (`lookUp`); a login counts before it is checked, so it waits for
 * its counts to be written.
 *
 * Giving a count back (an attempt that succeeded) is not waited for: the
 * answer goes out at once and the counts come off in the background, those
 * given back while one write runs all together in the next. Until then a
 * window holds a few counts more than it should, so the limits err on the
 * strict side for milliseconds; every consultation saves a round trip, and at
 * full load one write gives back the counts of many.
 */
export class SharedAttemptCounters extends AttemptCountersRepository {
  private pending: Count[] = [];
  private writing: Promise<void> | null = null;
  private log: Logger | undefined;

  constructor(databaseUrl: string, now: () => number = Date.now) {
    // Waiting for each commit to reach the disk was most of a consultation's
    // time. A crash of the database server can forget the last fraction of a
    // second of counts, a few attempts at most; nothing else is kept on these
    // connections.
    super(connectPostgres(databaseUrl, COUNTER_CONNECTIONS, { durableCommits: false }), now);
  }

  /** Where a give-back that could not be written is reported. */
  logTo(log: Logger): void {
    this.log = log;
  }

  override giveBack(counts: readonly Count[]): Promise<void> {
    this.pending.push(...counts);
    this.writePending();
    return Promise.resolve();
  }

  /** Resolves once every count given back so far is written (or reported as lost). */
  async settled(): Promise<void> {
    while (this.writing !== null) await this.writing;
  }

  async close(): Promise<void> {
    await this.settled();
    await this.db.destroy();
  }

  private writePending(): void {
    if (this.writing !== null || this.pending.length === 0) return;
    const counts = this.pending;
    this.pending = [];
    this.writing = super
      .giveBack(counts)
      .catch((error: unknown) => {
        // The counts stay until their windows end: the limits only get stricter meanwhile.
        this.log?.warn(
          { err: error, counts: counts.length },
          'Attempt counters: could not give counts back',
        );
      })
      .finally(() => {
        this.writing = null;
        this.writePending();
      });
  }
}
