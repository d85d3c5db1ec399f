import type { CompiledQuery } from 'kysely';

/**
 * Where failed-attempt counters (and once-only marks) live. Behind this small
 * async interface so that several instances can share them in PostgreSQL or
 * Redis; the in-memory store below keeps them per process.
 */
export interface CounterState {
  /** Failures counted in the live window (0 when none). */
  failures: number;
  /** Milliseconds until the live window ends (0 when none). */
  resetInMs: number;
}

/** One count asked for: on `key`, in a window of `windowMs`, unless the live window holds `limit`. */
export interface CountRequest {
  key: string;
  windowMs: number;
  limit: number;
}

/** A count asked for with `take`: whether it was made, and the window it went to. */
export interface Taken extends CounterState {
  key: string;
  /** False when the window already held `limit` counts: nothing was added. */
  taken: boolean;
  /** When the window ends (epoch ms): names it, so a count is given back only to it. */
  resetAt: number;
}

/** A count made, named by its key and its window, to give back. */
export type Count = Pick<Taken, 'key' | 'resetAt'>;

/** A query that finds the id of what an attempt looks for, or no row. */
export type Lookup = CompiledQuery<{ id: number }>;

/** What a lookup run under the counters came to. */
export type GatedLookup =
  /** A window held its limit: nothing was looked up or counted. */
  | { allowed: false }
  /** Found, and nothing counted. */
  | { allowed: true; id: number }
  /** Not found: counted as a failure on every key, each as its window now stands. */
  | { allowed: true; id: null; counted: Taken[] };

export interface AttemptCounterStore {
  get(key: string): Promise<CounterState>;
  /**
   * Counts one attempt on each key unless its live window already holds its
   * limit, each in one atomic step, so that attempts racing each other never
   * pass a limit; answers in the order asked. One round trip for them all.
   */
  take(requests: readonly CountRequest[]): Promise<Taken[]>;
  /** Takes back each count from the window it went to (an attempt that succeeded). */
  giveBack(counts: readonly Count[]): Promise<void>;
  /** Forgets a key's failures (a successful reset clears an account's). */
  delete(key: string): Promise<void>;
  /** Marks `key` used for `ttlMs`; false when it already was (a replayed challenge). */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Answers what `lookup` found unless a window of `requests` already holds
   * its limit, and counts a failure on each key when it found nothing, in one
   * atomic step: what `take`, the lookup and `giveBack` do in three, without
   * writing anything when it finds. Only a store that shares a database with
   * the lookup has it.
   */
  lookUp?(requests: readonly CountRequest[], lookup: Lookup): Promise<GatedLookup>;
}

interface Entry {
  failures: number;
  resetAt: number;
}

/** Bound on tracked keys, so a flood of distinct targets cannot exhaust memory. */
const MAX_KEYS = 200_000;

export class MemoryAttemptCounterStore implements AttemptCounterStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): Promise<CounterState> {
    const time = this.now();
    return Promise.resolve(this.state(this.live(key, time), time));
  }

  take(requests: readonly CountRequest[]): Promise<Taken[]> {
    const time = this.now();
    return Promise.resolve(requests.map((request) => this.takeOne(request, time)));
  }

  giveBack(counts: readonly Count[]): Promise<void> {
    const time = this.now();
    for (const { key, resetAt } of counts) {
      const entry = this.live(key, time);
      if (entry !== undefined && entry.resetAt === resetAt && entry.failures > 0) {
        entry.failures -= 1;
      }
    }
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  claimOnce(key: string, ttlMs: number): Promise<boolean> {
    const time = this.now();
    if (this.live(`once:${key}`, time)) return Promise.resolve(false);
    this.makeRoom(time);
    this.entries.set(`once:${key}`, { failures: 0, resetAt: time + ttlMs });
    return Promise.resolve(true);
  }

  private takeOne({ key, windowMs, limit }: CountRequest, time: number): Taken {
    let entry = this.live(key, time);
    if (entry !== undefined && entry.failures >= limit) {
      return { ...this.state(entry, time), key, taken: false, resetAt: entry.resetAt };
    }
    if (entry === undefined) {
      this.makeRoom(time);
      entry = { failures: 0, resetAt: time + windowMs };
      this.entries.set(key, entry);
    }
    entry.failures += 1;
    return { ...this.state(entry, time), key, taken: true, resetAt: entry.resetAt };
  }

  private state(entry: Entry | undefined, time: number): CounterState {
    return entry ? { failures: entry.failures, resetInMs: entry.resetAt - time } : EMPTY;
  }

  private live(key: string, time: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt <= time) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private makeRoom(time: number): void {
    if (this.entries.size < MAX_KEYS) return;
    for (const [key, entry] of this.entries) {
      if (entry.resetAt <= time) this.entries.delete(key);
    }
    // Still full: forget the oldest windows first (Map keeps insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_KEYS) break;
      this.entries.delete(key);
    }
  }
}

const EMPTY: CounterState = Object.freeze({ failures: 0, resetInMs: 0 });
