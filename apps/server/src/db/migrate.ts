import type { Kysely } from 'kysely';
import {
  Migrator,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import * as initial from './migrations/2026_11_21_0001_initial.js';
import * as mail from './migrations/2026_11_23_0700_mail.js';
import * as sharedState from './migrations/2026_11_23_0800_shared_state.js';
import * as attemptCounters from './migrations/2026_11_23_0801_attempt_counters.js';
import * as receiverSorts from './migrations/2026_11_23_0900_receiver_sorts.js';
import * as printedNumber from './migrations/2026_11_23_0920_printed_number.js';
import * as registerAmounts from './migrations/2026_11_23_1000_register_amounts.js';
import * as signatureCheck from './migrations/2026_11_23_1100_signature_check.js';
import * as notices from './migrations/2026_11_23_1150_notices.js';
import * as renderFailures from './migrations/2026_11_23_1300_render_failures.js';
import * as sessionVersion from './migrations/2026_11_25_1000_session_version.js';
import * as jobs from './migrations/2026_11_25_1031_jobs.js';
import * as secrets from './migrations/2026_11_25_1038_secrets.js';
import * as jobPriority from './migrations/2026_11_25_1054_job_priority.js';
import * as inbox from './migrations/2026_11_25_1109_inbox.js';
import * as sunatValidity from './migrations/2026_11_25_1133_sunat_validity.js';
import * as documentCar from './migrations/2026_11_25_1145_document_car.js';
import * as reconciliations from './migrations/2026_11_25_1152_reconciliations.js';
import * as sireFiles from './migrations/2026_11_25_1240_sire_files.js';
import * as sireCredentials from './migrations/2026_11_25_1415_sire_credentials.js';
import * as companyTokens from './migrations/2026_11_25_1445_company_tokens.js';
import * as receiverAccess from './migrations/2026_11_25_1530_receiver_access.js';
import * as moneyFacts from './migrations/2026_11_25_1535_money_facts.js';
import * as cdrAnswer from './migrations/2026_11_27_2200_cdr_answer.js';
import * as receivedDocuments from './migrations/2026_11_27_2230_received_documents.js';
import * as documentProposals from './migrations/2026_11_27_2320_document_proposals.js';
import * as receiverListCovering from './migrations/2026_11_28_0150_receiver_list_covering.js';
import * as receivedRemoval from './migrations/2026_11_28_0210_received_removal.js';
import * as backgroundExports from './migrations/2026_11_28_0700_background_exports.js';
import * as attemptLocks from './migrations/2026_11_28_1000_attempt_locks.js';
import * as attemptSettle from './migrations/2026_11_28_1400_attempt_settle.js';
import * as receiverFilterIndexes from './migrations/2026_11_28_1700_receiver_filter_indexes.js';
import * as documentState from './migrations/2026_11_28_1800_document_state.js';
import { createIndex, type IndexDefinition, type IndexOutcome } from './online-indexes.js';
import type { Database } from './types.js';

/**
 * A migration, and the indexes it builds on a table large enough to hold
 * publishing up while they build: these can be built ahead, concurrently.
 */
type Step = Migration & { INDEXES?: readonly IndexDefinition[] };

/** Every migration, by name; names sort in the order they run. */
const MIGRATIONS: Readonly<Record<string, Step>> = {
  '2026_11_21_0001_initial': initial,
  '2026_11_23_0700_mail': mail,
  '2026_11_23_0800_shared_state': sharedState,
  '2026_11_23_0801_attempt_counters': attemptCounters,
  '2026_11_23_0900_receiver_sorts': receiverSorts,
  '2026_11_23_0920_printed_number': printedNumber,
  '2026_11_23_1000_register_amounts': registerAmounts,
  '2026_11_23_1100_signature_check': signatureCheck,
  '2026_11_23_1150_notices': notices,
  '2026_11_23_1300_render_failures': renderFailures,
  '2026_11_25_1000_session_version': sessionVersion,
  '2026_11_25_1031_jobs': jobs,
  '2026_11_25_1038_secrets': secrets,
  '2026_11_25_1054_job_priority': jobPriority,
  '2026_11_25_1109_inbox': inbox,
  '2026_11_25_1133_sunat_validity': sunatValidity,
  '2026_11_25_1145_document_car': documentCar,
  '2026_11_25_1152_reconciliations': reconciliations,
  '2026_11_25_1240_sire_files': sireFiles,
  '2026_11_25_1415_sire_credentials': sireCredentials,
  '2026_11_25_1445_company_tokens': companyTokens,
  '2026_11_25_1530_receiver_access': receiverAccess,
  '2026_11_25_1535_money_facts': moneyFacts,
  '2026_11_27_2200_cdr_answer': cdrAnswer,
  '2026_11_27_2230_received_documents': receivedDocuments,
  '2026_11_27_2320_document_proposals': documentProposals,
  '2026_11_28_0150_receiver_list_covering': receiverListCovering,
  '2026_11_28_0210_received_removal': receivedRemoval,
  '2026_11_28_0700_background_exports': backgroundExports,
  '2026_11_28_1000_attempt_locks': attemptLocks,
  '2026_11_28_1400_attempt_settle': attemptSettle,
  '2026_11_28_1700_receiver_filter_indexes': receiverFilterIndexes,
  '2026_11_28_1800_document_state': documentState,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

export class MigrationError extends Error {
  constructor(name: string | undefined, cause: unknown) {
    super(`Database migration ${name ?? '(unknown)'} failed`, { cause });
    this.name = 'MigrationError';
  }
}

/** Brings the schema to the latest version; throws when any step fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  return checked(await new Migrator({ db, provider }).migrateToLatest());
}

/** Brings the schema to the version of the named migration, as an earlier release left it. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<string[]> {
  return checked(await new Migrator({ db, provider }).migrateTo(name));
}

function checked({ error, results = [] }: MigrationResultSet): string[] {
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed) throw new MigrationError(failed?.migrationName, error);
  return results.map((result) => result.migrationName);
}

/**
 * Builds, without blocking writes, the indexes the pending migrations would
 * build inside their transaction, telling as each starts and ends.
 */
export async function buildIndexesAhead(
  db: Kysely<Database>,
  report: {
    start(name: string): void;
    done(name: string, outcome: IndexOutcome): void;
  },
): Promise<void> {
  const migrations = await new Migrator({ db, provider }).getMigrations();
  for (const migration of migrations) {
    if (migration.executedAt !== undefined) continue;
    for (const index of MIGRATIONS[migration.name]?.INDEXES ?? []) {
      report.start(index.name);
      report.done(index.name, await createIndex(db, index, { concurrently: true }));
    }
  }
}
