import { connectPostgres } from '../db/connect.js';
import { AttemptCountersRepository } from './attempt-counters.repository.js';

/** The connections of an instance's own pool for the counters. */
const COUNTER_CONNECTIONS = 4;

/**
 * Failed-attempt counters kept in PostgreSQL, shared by every instance, on a
 * pool of their own. Every consultation and login counts before it is
 * checked, so each waits for its counts to be written.
 */
export class SharedAttemptCounters extends AttemptCountersRepository {
  constructor(databaseUrl: string, now: () => number = Date.now) {
    // Waiting for each commit to reach the disk was most of a consultation's
    // time. A crash of the database server can forget the last fraction of a
    // second of counts, a few attempts at most; nothing else is kept on these
    // connections.
    super(connectPostgres(databaseUrl, COUNTER_CONNECTIONS, { durableCommits: false }), now);
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
