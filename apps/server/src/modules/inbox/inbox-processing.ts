import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.js';
import {
  BlobNotFoundError,
  FileStoreUnavailableError,
  type FileStore,
} from '../../file-store/file-store.js';
import {
  JobFailure,
  RetryJob,
  type JobContext,
  type JobHandler,
  type JobKind,
} from '../../jobs/job-handler.js';
import type { AttachmentOutcome, InboxRepository } from './inbox.repository.js';
import { readMailAttachments } from './mail-reading.js';
import type { ReceivedDocumentsIntake } from './received-intake.js';

const MailPayload = z.object({ mailId: z.number().int().positive() });
type MailPayload = z.infer<typeof MailPayload>;

/** Reading the attachments of one received mail into the receiver's archive. */
export const INBOX_PROCESS: JobKind<MailPayload> = { kind: 'inbox.process', payload: MailPayload };

/** What a mail's log entry says when no document could come of it. */
export const INBOX_REASONS = {
  noAttachments: 'El correo no trae archivos XML ni ZIP adjuntos: no se agregó ningún comprobante.',
  unreadable:
    'El correo no se pudo leer: su formato está dañado. Pida al remitente que lo envíe de nuevo.',
  storeDown:
    'El almacenamiento de archivos no está disponible en este momento; el correo está guardado y se leerá automáticamente en cuanto vuelva.',
  lost: 'El correo guardado ya no se encuentra en el almacenamiento de archivos; pida al remitente que lo envíe de nuevo.',
  gaveUp:
    'No se pudo leer el correo después de varios intentos. El correo sigue guardado; el operador del portal puede revisarlo en el registro del servidor.',
} as const;

const MAX_ATTEMPTS = 8;

/**
 * Reads a stored mail and hands its XML and ZIP attachments to the intake,
 * writing every outcome to the mail's log entry in the same transaction. A run
 * cut short (a crash, a stop) left nothing, so the next run starts over.
 */
export class InboxProcessing implements JobHandler<MailPayload> {
  readonly kind = INBOX_PROCESS.kind;
  readonly payload = INBOX_PROCESS.payload;
  readonly maxAttempts = MAX_ATTEMPTS;

  constructor(
    private readonly repository: InboxRepository,
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
    private readonly intake: ReceivedDocumentsIntake,
    private readonly now: () => Date,
  ) {}

  backoffMs(failures: number): number {
    return Math.min(10_000 * 2 ** (failures - 1), 30 * 60_000);
  }

  async run({ mailId }: MailPayload, context: JobContext): Promise<void> {
    const mail = await this.repository.find(mailId);
    if (mail === undefined || mail.state !== 'pendiente' || mail.raw_hash === null) return;
    try {
      await this.process(mail.id, mail.cliente_doc, mail.raw_hash);
    } catch (error) {
      // Stopping: the job goes back to the queue as it is.
      if (context.signal.aborted) throw error;
      if (error instanceof FileStoreUnavailableError) {
        await this.repository.noteDelay(mail.id, INBOX_REASONS.storeDown);
        if (context.attempt < MAX_ATTEMPTS) throw new RetryJob(INBOX_REASONS.storeDown);
      }
      if (error instanceof BlobNotFoundError) return this.fail(mail.id, INBOX_REASONS.lost);
      if (context.attempt < MAX_ATTEMPTS) throw error;
      await this.fail(mail.id, INBOX_REASONS.gaveUp);
      // The worker logs the job as failed, with this cause, for the operator.
      throw new JobFailure(`inbound mail ${mail.id}: ${(error as Error).message}`);
    }
  }

  private async process(mailId: number, receiverRuc: string, rawHash: string): Promise<void> {
    const raw = await this.files.read(rawHash);
    let attachments;
    try {
      attachments = await readMailAttachments(raw);
    } catch {
      return this.fail(mailId, INBOX_REASONS.unreadable);
    }
    const skipped: AttachmentOutcome[] = attachments.skipped.map((file) => ({
      fileName: file.name,
      state: 'omitido',
      reason: file.reason,
      documentId: null,
    }));
    const prepared =
      attachments.documents.length === 0
        ? null
        : await this.intake.prepare(receiverRuc, attachments.documents);
    await this.db
      .transaction()
      .execute(async (trx) => {
        const outcomes = prepared === null ? [] : await prepared.store(trx, 'correo');
        const finished = await this.repository.finish(trx, mailId, {
          state: 'procesado',
          reason: attachments.documents.length === 0 ? INBOX_REASONS.noAttachments : null,
          attachments: [
            ...outcomes.map((outcome) => ({
              fileName: outcome.archivo,
              state: outcome.estado,
              reason: outcome.motivo,
              documentId: outcome.id ?? null,
            })),
            ...skipped,
          ],
          at: this.now(),
        });
        // Another run finished it meanwhile: what this run added is undone with the transaction.
        if (!finished) throw new MailAlreadyProcessed(mailId);
      })
      .catch((error: unknown) => {
        if (!(error instanceof MailAlreadyProcessed)) throw error;
      });
  }

  private async fail(mailId: number, reason: string): Promise<void> {
    await this.repository.finish(this.db, mailId, {
      state: 'fallido',
      reason,
      attachments: [],
      at: this.now(),
    });
  }
}

class MailAlreadyProcessed extends Error {
  constructor(mailId: number) {
    super(`inbound mail ${mailId} was processed by another run`);
    this.name = 'MailAlreadyProcessed';
  }
}
