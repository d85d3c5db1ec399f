import {
  API_MESSAGES,
  BACKGROUND_EXPORT_HOURS,
  ClientExportFilterSchema,
  type BackgroundExport,
  type BackgroundExportState,
} from '@sufel/contract';
import type { Kysely } from 'kysely';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Database, BackgroundExportState as StoredState } from '../../db/types.js';
import { AppError, said } from '../../errors.js';
import type { FileStore } from '../../file-store/file-store.js';
import type { JobContext, JobHandler } from '../../jobs/job-handler.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { ReceiverFilterInput } from '../documents/receiver-filter.js';
import type {
  BackgroundExportRow,
  BackgroundExportsRepository,
} from './background-exports.repository.js';
import { periodLabel, type ExportService } from './export.service.js';

/** The ZIP is kept in parts of this size: what one part costs in memory while it is built. */
export const PART_BYTES = 8 * 1024 * 1024;
/** Runs of a build before it is given up as failed. */
const MAX_ATTEMPTS = 3;
/** Expired exports deleted per transaction. */
const PURGE_BATCH = 100;
/** Expired exports are looked for this often. */
export const PURGE_EVERY_MS = 3600_000;

const BUILD_JOB = {
  kind: 'export.zip',
  payload: z.object({ exportId: z.number().int().positive() }),
};
const PURGE_JOB = { kind: 'export.purge', payload: z.object({}) };

const STATES: Readonly<Record<StoredState, BackgroundExportState>> = {
  preparing: 'preparando',
  ready: 'listo',
  failed: 'fallido',
};

function toBackgroundExport(row: BackgroundExportRow): BackgroundExport {
  return {
    id: row.id,
    archivo: row.file_name,
    estado: STATES[row.state],
    comprobantes: row.documents,
    hechos: row.done,
    tamano: Number(row.size),
    creado: row.created_at.toISOString(),
    vence: row.expires_at?.toISOString() ?? null,
    motivo: row.failure,
  };
}

export interface BackgroundDownload {
  fileName: string;
  size: number;
  body: Readable;
}

/**
 * A ZIP too large to build while the browser waits (over the direct export's
 * limit) is built by a job on any instance, kept in the file store in parts,
 * and downloaded from there for BACKGROUND_EXPORT_HOURS. The parts are written
 * one at a time as the ZIP streams out, so a build costs one part's memory
 * whatever the ZIP holds.
 */
export class BackgroundExportsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: BackgroundExportsRepository,
    private readonly exports: ExportService,
    private readonly store: FileStore,
    private readonly jobs: JobQueue,
    private readonly now: () => Date,
    private readonly partBytes: number = PART_BYTES,
  ) {}

  /** Queues the ZIP of the filter; one at a time per receiver. */
  async start(receiverRuc: string, filter: ReceiverFilterInput): Promise<BackgroundExport> {
    if (await this.repository.preparingOf(receiverRuc)) {
      throw new AppError('conflict', 'backgroundExportPreparing');
    }
    const documents = await this.exports.count(receiverRuc, filter);
    if (documents === 0) throw new AppError('bad_request', 'backgroundExportEmpty');
    const id = await this.db.transaction().execute(async (trx) => {
      const id = await this.repository.create(trx, {
        receiverRuc,
        filter: { ...filter },
        fileName: `comprobantes-${receiverRuc}-${periodLabel(filter.start, filter.end)}.zip`,
        documents,
      });
      await this.jobs.add(trx, BUILD_JOB, [{ payload: { exportId: id } }]);
      return id;
    });
    return toBackgroundExport((await this.repository.find(id))!);
  }

  async list(receiverRuc: string): Promise<BackgroundExport[]> {
    return (await this.repository.listOf(receiverRuc)).map(toBackgroundExport);
  }

  /** The finished ZIP, read part after part from the store. */
  async open(receiverRuc: string, id: number): Promise<BackgroundDownload> {
    const row = await this.repository.findOf(receiverRuc, id);
    if (row === undefined) throw new AppError('not_found', 'backgroundExportNotFound');
    if (row.state === 'preparing') {
      throw new AppError('conflict', 'backgroundExportNotReady');
    }
    if (row.state === 'failed') throw new AppError('gone', 'backgroundExportFailed');
    if (row.expires_at !== null && row.expires_at <= this.now()) {
      throw new AppError(
        'gone',
        said('backgroundExportExpired', { hours: BACKGROUND_EXPORT_HOURS }),
      );
    }
    return {
      fileName: row.file_name,
      size: Number(row.size),
      body: Readable.from(this.partsOf(row.parts)),
    };
  }

  /** Builds the ZIP of one export into the store, part by part, from the start. */
  async build(id: number, signal: AbortSignal): Promise<void> {
    const row = await this.repository.find(id);
    if (row === undefined || row.state !== 'preparing') return;
    // A run that stopped halfway (an instance that went away) left parts: the ZIP starts over.
    const leftovers = await this.db
      .transaction()
      .execute((trx) => this.repository.restart(trx, id));
    await this.removeUnused(leftovers);
    let done = 0;
    const zip = await this.exports.wholeZip(
      row.receiver_ruc,
      // Stored as the list took it: read back the same way.
      ClientExportFilterSchema.parse(row.filter),
      (count) => {
        done = count;
      },
    );
    const stop = () => zip.destroy(new Error('the instance is stopping'));
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    try {
      let chunks: Buffer[] = [];
      let size = 0;
      const keep = async () => {
        const part = Buffer.concat(chunks, size);
        chunks = [];
        size = 0;
        const staged = await this.store.stage([part]);
        await this.db.transaction().execute(async (trx) => {
          await staged.record(trx);
          await this.repository.addPart(trx, id, {
            hash: staged.hashes[0]!,
            bytes: part.length,
            done,
          });
        });
      };
      for await (const chunk of zip as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= this.partBytes) await keep();
      }
      if (size > 0) await keep();
    } finally {
      signal.removeEventListener('abort', stop);
    }
    const at = this.now();
    await this.repository.finish(id, at, this.expiry(at));
  }

  /** Deletes the exports whose download time is up, and their parts. */
  async purge(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const { parts, after } = await this.db.transaction().execute(async (trx) => {
        const parts = await this.repository.deleteExpired(trx, this.now(), PURGE_BATCH);
        const unused = await this.repository.unreferenced(trx, parts);
        const removed = unused.length === 0 ? null : await this.store.remove(unused, trx);
        return { parts, after: removed };
      });
      await after?.after();
      if (parts.length === 0) return deleted;
      deleted += parts.length;
    }
  }

  /** Queues this hour's purge once, whichever instances start. */
  async schedulePurge(at: Date = this.now()): Promise<void> {
    const hour = at.toISOString().slice(0, 13);
    await this.jobs.add(this.db, PURGE_JOB, [
      { payload: {}, dedupeKey: `${PURGE_JOB.kind}:${hour}`, runAt: at },
    ]);
  }

  buildHandler(): JobHandler<z.infer<typeof BUILD_JOB.payload>> {
    return {
      ...BUILD_JOB,
      maxAttempts: MAX_ATTEMPTS,
      backoffMs: () => 10_000,
      run: async ({ exportId }, context) => {
        try {
          await this.build(exportId, context.signal);
        } catch (error) {
          if (context.signal.aborted || context.attempt < MAX_ATTEMPTS) throw error;
          await this.giveUp(exportId, error, context);
        }
      },
    };
  }

  purgeHandler(): JobHandler<z.infer<typeof PURGE_JOB.payload>> {
    return {
      ...PURGE_JOB,
      run: async (_payload, { log }) => {
        const parts = await this.purge();
        if (parts > 0) log.info({ parts }, 'expired background exports deleted');
        await this.schedulePurge(new Date(this.now().getTime() + PURGE_EVERY_MS));
      },
    };
  }

  private async giveUp(id: number, error: unknown, { log }: JobContext): Promise<void> {
    log.error({ err: error, exportId: id }, 'background export failed');
    const at = this.now();
    const parts = await this.db
      .transaction()
      .execute((trx) =>
        this.repository.fail(
          trx,
          id,
          API_MESSAGES.backgroundExportBuildFailed,
          at,
          this.expiry(at),
        ),
      );
    await this.removeUnused(parts);
  }

  private expiry(at: Date): Date {
    return new Date(at.getTime() + BACKGROUND_EXPORT_HOURS * 3600_000);
  }

  /** Parts no export refers to any more leave the store; a part two exports share stays. */
  private async removeUnused(parts: readonly string[]): Promise<void> {
    if (parts.length === 0) return;
    const removed = await this.db.transaction().execute(async (trx) => {
      const unused = await this.repository.unreferenced(trx, parts);
      return unused.length === 0 ? null : this.store.remove(unused, trx);
    });
    await removed?.after();
  }

  private async *partsOf(parts: readonly string[]): AsyncGenerator<Buffer> {
    for (const hash of parts) {
      const { body } = await this.store.open(hash);
      for await (const chunk of body as AsyncIterable<Buffer>) yield chunk;
    }
  }
}
