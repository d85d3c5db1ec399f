import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services.js';

/** Up to this many unread documents are read before listening; the XML parse takes well under a second per thousand. */
export const AUTO_BACKFILL_LIMIT = 20_000;

/** Computing a CAR reads no file: thousands per second. */
export const AUTO_CAR_BACKFILL_LIMIT = 500_000;

/**
 * A small database gets its register amounts read at start; a large one would
 * delay the start by minutes, so its operator runs the backfill command instead.
 */
export async function backfillIfSmall(
  services: Pick<
    Services,
    'backfill' | 'signatureBackfill' | 'carBackfill' | 'moneyBackfill' | 'cdrBackfill'
  >,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  limit = AUTO_BACKFILL_LIMIT,
): Promise<void> {
  await carsIfSmall(services, log, limit * (AUTO_CAR_BACKFILL_LIMIT / AUTO_BACKFILL_LIMIT));
  await verifyIfSmall(services, log, Math.floor(limit / SIGNATURE_COST));
  await moneyIfSmall(services, log, limit);
  await cdrAnswersIfSmall(services, log, limit);
  const pending = await services.backfill.pending();
  if (pending === 0) return;
  if (pending > limit) {
    log.warn(
      { pending },
      'documents lack their register amounts; run `npm run sufel -- documents backfill`',
    );
    return;
  }
  const { read, failed } = await services.backfill.run();
  log.info({ read, failed: failed.length }, 'register amounts read from stored XML');
  for (const failure of failed) log.warn(failure, 'could not read the amounts of a document');
}

/** A signature check costs about this many XML reads (a second parse, the digests, RSA). */
const SIGNATURE_COST = 4;

async function verifyIfSmall(
  services: Pick<Services, 'signatureBackfill'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  limit: number,
): Promise<void> {
  const pending = await services.signatureBackfill.pending();
  if (pending === 0) return;
  if (pending > limit) {
    log.warn(
      { pending },
      'documents have unchecked signatures; run `npm run sufel -- documents verify`',
    );
    return;
  }
  const { read, failed } = await services.signatureBackfill.run();
  log.info({ checked: read, failed: failed.length }, 'signatures checked in stored XML');
  for (const failure of failed) log.warn(failure, 'could not check the signature of a document');
}

async function carsIfSmall(
  services: Pick<Services, 'carBackfill'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  limit: number,
): Promise<void> {
  const pending = await services.carBackfill.pending();
  if (pending === 0) return;
  if (pending > limit) {
    log.warn({ pending }, 'documents lack their CAR; run `npm run sufel -- documents backfill`');
    return;
  }
  const { read } = await services.carBackfill.run();
  log.info({ read }, 'CAR computed for stored documents');
}

/** The money facts read only a few elements of each XML: cheaper than the register amounts. */
async function moneyIfSmall(
  services: Pick<Services, 'moneyBackfill'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  limit: number,
): Promise<void> {
  const pending = await services.moneyBackfill.pending();
  if (pending === 0) return;
  if (pending > limit) {
    log.warn(
      { pending },
      'documents lack their money facts; run `npm run sufel -- documents backfill`',
    );
    return;
  }
  const { read, failed } = await services.moneyBackfill.run();
  log.info({ read, failed: failed.length }, 'money facts read from stored XML');
  for (const failure of failed) log.warn(failure, 'could not read the money facts of a document');
}

/** A CDR is a small XML, read once: as cheap as the money facts. */
async function cdrAnswersIfSmall(
  services: Pick<Services, 'cdrBackfill'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  limit: number,
): Promise<void> {
  const pending = await services.cdrBackfill.pending();
  if (pending === 0) return;
  if (pending > limit) {
    log.warn(
      { pending },
      "documents' CDRs were never read; run `npm run sufel -- documents backfill`",
    );
    return;
  }
  const { read, failed } = await services.cdrBackfill.run();
  log.info({ read, failed: failed.length }, 'CDR answers read from stored CDRs');
  for (const failure of failed) log.warn(failure, 'could not read the CDR of a document');
}
