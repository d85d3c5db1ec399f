import type { Kysely, Transaction } from 'kysely';
import type { Database } from './types.js';

/**
 * Where a repository runs its statements: the database, or the transaction its
 * caller opened so that several writes commit together.
 */
export type Executor = Kysely<Database> | Transaction<Database>;
