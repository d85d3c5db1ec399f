import type { Kysely } from 'kysely';
import pg from 'pg';
import { connectPostgres } from '../db/connect.js';
import type { Database } from '../db/types.js';
import type { AttemptCounterStore, CounterState, Taken } from './attempt-counter-store.js';
import { AttemptCountersRepository } from './attempt-counters.repository.js';

/** The channel every instance announces its counter changes on. */
export const COUNTERS_CHANNEL = 'sufel_attempt_counters';

/** The connections of an instance's own pool for the counters. */
const COUNTER_CONNECTIONS = 4;

/** How long to wait before listening again after the connection dropped. */
const RECONNECT_DELAY_MS = 1_000;

interface Window {
  failures: number;
  resetAt: number;
}

interface Logger {
  warn(fields: object, message: string): void;
}

/**
 * Failed-attempt counters kept in PostgreSQL (the truth, shared by every
 * instance) and mirrored in each instance's memory, so that the common case,
 * an attempt on a key nobody failed on, costs no query. Every change is one
 * statement that also announces the new value with NOTIFY; each instance
 * LISTENs and applies it. Until the mirror is loaded, and whenever the
 * listening connection is down, reads go to the database.
 *
 * A change reaches the other instances within a notification's delay
 * (milliseconds): a guesser spreading attempts over instances gains at most
 * the few attempts that fit in it.
 */
export class MirroredAttemptCounters implements AttemptCounterStore {
  private readonly windows = new Map<string, Window>();
  private readonly repository: AttemptCountersRepository;
  private listener: pg.Client | null = null;
  private live = false;
  private closed = false;
  private reconnect: NodeJS.Timeout | undefined;
  private log: Logger | undefined;

  private readonly db: Kysely<Database>;

  constructor(
    private readonly databaseUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    // Every consultation and login writes its counts before it is answered: waiting
    // for each commit to reach the disk was most of a consultation's time. A crash
    // of the database server can forget the last fraction of a second of counts,
    // a few attempts at most; nothing else is kept on these connections.
    this.db = connectPostgres(databaseUrl, COUNTER_CONNECTIONS, { durableCommits: false });
    this.repository = new AttemptCountersRepository(this.db, now, COUNTERS_CHANNEL);
  }

  /**
   * Listens for changes, then loads the open windows. Never fails: while the
   * database cannot be listened to, reads go to it and listening is retried.
   */
  async start(log?: Logger): Promise<void> {
    this.log = log ?? this.log;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.listener = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === COUNTERS_CHANNEL && message.payload) this.apply(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${COUNTERS_CHANNEL}`);
      // Loaded after LISTEN, so no change falls between the two.
      const rows = await this.db
        .selectFrom('attempt_counters')
        .select(['key', 'failures', 'reset_at'])
        .where('reset_at', '>', this.now())
        .where('key', 'not like', 'once:%')
        .execute();
      this.windows.clear();
      for (const row of rows) {
        this.windows.set(row.key, { failures: row.failures, resetAt: Number(row.reset_at) });
      }
      if (this.listener === client) this.live = true;
    } catch (error) {
      this.lost(client, error instanceof Error ? error : new Error(String(error)));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    clearTimeout(this.reconnect);
    const client = this.listener;
    this.listener = null;
    await client?.end();
    await this.db.destroy();
  }

  /** Whether reads are answered from memory (for tests and readiness). */
  get mirrored(): boolean {
    return this.live;
  }

  get(key: string): Promise<CounterState> {
    if (!this.live) return this.repository.get(key);
    const time = this.now();
    const window = this.windows.get(key);
    if (window === undefined) return Promise.resolve(NONE);
    if (window.resetAt <= time) {
      this.windows.delete(key);
      return Promise.resolve(NONE);
    }
    return Promise.resolve({ failures: window.failures, resetInMs: window.resetAt - time });
  }

  async increment(key: string, windowMs: number): Promise<CounterState> {
    const time = this.now();
    const window = await this.repository.count(key, windowMs, time);
    this.merge(key, { ...window });
    return { failures: window.failures, resetInMs: window.resetAt - time };
  }

  async take(key: string, windowMs: number, limit: number): Promise<Taken> {
    const taken = await this.repository.take(key, windowMs, limit);
    if (taken.taken) this.merge(key, { failures: taken.failures, resetAt: taken.resetAt });
    return taken;
  }

  /** The notification of the new count sets the mirror. */
  giveBack(key: string, resetAt: number): Promise<void> {
    return this.repository.giveBack(key, resetAt);
  }

  async delete(key: string): Promise<void> {
    await this.repository.delete(key);
    this.windows.delete(key);
  }

  claimOnce(key: string, ttlMs: number): Promise<boolean> {
    return this.repository.claimOnce(key, ttlMs);
  }

  private apply(payload: string): void {
    const last = payload.lastIndexOf(' ');
    const middle = payload.lastIndexOf(' ', last - 1);
    if (middle <= 0) return;
    const key = payload.slice(0, middle);
    const failures = Number(payload.slice(middle + 1, last));
    const resetAt = Number(payload.slice(last + 1));
    if (failures === 0) this.windows.delete(key);
    // Notifications come in the order of their commits: the last one is the count, even a smaller one.
    else this.windows.set(key, { failures, resetAt });
  }

  /** This instance's own count, known before its notification comes back: a window only grows. */
  private merge(key: string, next: Window): void {
    const current = this.windows.get(key);
    if (current !== undefined && current.resetAt === next.resetAt) {
      current.failures = Math.max(current.failures, next.failures);
    } else if (current === undefined || next.resetAt > current.resetAt) {
      this.windows.set(key, next);
    }
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.listener !== client) return;
    this.listener = null;
    this.live = false;
    if (this.closed) return;
    this.log?.warn(
      { err: error },
      'Attempt counters: not listening, reading them from the database',
    );
    client.removeAllListeners('end');
    // The connection is already broken: failing to close it tells nothing new.
    client.end().catch(() => undefined);
    this.reconnect = setTimeout(() => void this.start(), RECONNECT_DELAY_MS);
  }
}

const NONE: CounterState = Object.freeze({ failures: 0, resetInMs: 0 });
