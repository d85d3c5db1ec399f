import {
  formatPeriod,
  SireError,
  type SireClient,
  type SireErrorCode,
  type SireProgress,
} from '@sufel/sire';
import { formatSize } from '@sufel/ubl';
import { AppError } from '../../errors.js';
import { JobFailure, RetryJob } from '../../jobs/job-handler.js';
import { SIRE_DOWNLOAD_ATTEMPTS, sireBackoffMs } from './reconciliation-job.js';
import type { ReconciliationRepository } from './reconciliation.repository.js';
import type { ReconciliationService } from './reconciliation.service.js';
import type { SireCredentialsService } from './sire-credentials.service.js';

/** SIRE may answer these later: the job tries again after its backoff. */
const PASSING: ReadonlySet<SireErrorCode> = new Set(['unavailable', 'ticket_timeout']);

/** A download's progress is written at most every this many bytes. */
const PROGRESS_BYTES = 512 * 1024;

function stageOf(progress: SireProgress, period: string): string {
  switch (progress.step) {
    case 'token':
      return 'Pidiendo acceso a SUNAT con las credenciales SIRE';
    case 'export':
      return `Pidiendo a SIRE la propuesta de ${formatPeriod(period)}`;
    case 'waiting':
      return `SUNAT está preparando la propuesta (ticket ${progress.ticket}, consulta ${progress.polls})`;
    case 'download':
      return `Descargando la propuesta (${formatSize(progress.bytes)})`;
  }
}

function minutes(ms: number): string {
  const count = Math.round(ms / 60_000);
  return count === 1 ? '1 minuto' : `${count} minutos`;
}

/**
 * The background half of "Descargar de SUNAT": token, export, ticket
 * followed until done, report downloaded, then imported as an upload is.
 * SIRE down or slow is tried again with a growing wait; what trying again
 * cannot fix fails the reconciliation with SUNAT's reason in Spanish.
 */
export class SireDownload {
  constructor(
    private readonly repository: ReconciliationRepository,
    private readonly reconciliations: ReconciliationService,
    private readonly credentials: SireCredentialsService,
    private readonly client: SireClient,
  ) {}

  async run(id: number, attempt: number, signal: AbortSignal): Promise<void> {
    const row = await this.repository.find(id);
    if (row === undefined || row.estado !== 'procesando') return;
    if (row.archivo_hash !== null) {
      // Downloaded before this instance stopped: only the matching is left.
      await this.reconciliations.runQueued(id, attempt, signal);
      return;
    }
    try {
      await this.download(id, row.cliente_doc, row.periodo, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof SireError && PASSING.has(error.code)) {
        if (attempt < SIRE_DOWNLOAD_ATTEMPTS) {
          await this.reconciliations.stage(
            id,
            `${error.message} Se volverá a intentar en ${minutes(sireBackoffMs(attempt))}.`,
          );
          throw new RetryJob(error.message);
        }
        await this.reconciliations.fail(id, error.message);
        throw new JobFailure(error.message);
      }
      if (error instanceof SireError) {
        if (error.code === 'bad_credentials') await this.credentials.refused(row.cliente_doc);
        await this.reconciliations.fail(id, error.message);
        throw new JobFailure(error.message);
      }
      if (error instanceof AppError) {
        // Matching marks its own failure; what came before it did not.
        const now = await this.repository.find(id);
        if (now?.estado === 'procesando') await this.reconciliations.fail(id, error.message);
        throw new JobFailure(error.message);
      }
      if (attempt >= SIRE_DOWNLOAD_ATTEMPTS) {
        await this.reconciliations.fail(
          id,
          'No se pudo descargar la propuesta de SIRE por un error del servidor. Inténtelo de nuevo.',
        );
      }
      throw error;
    }
  }

  private async download(
    id: number,
    receiverRuc: string,
    period: string,
    signal: AbortSignal,
  ): Promise<void> {
    const credentials = await this.credentials.credentials(receiverRuc);
    // Progress arrives as it happens; writes go one after another, the download's now and then.
    let writes = Promise.resolve();
    let written = -PROGRESS_BYTES;
    const onProgress = (progress: SireProgress) => {
      if (progress.step === 'download') {
        if (progress.bytes > 0 && progress.bytes - written < PROGRESS_BYTES) return;
        written = progress.bytes;
      }
      const etapa = stageOf(progress, period);
      writes = writes.then(() => this.reconciliations.stage(id, etapa));
    };
    const { fileName, zip } = await this.client.downloadProposal(credentials, period, {
      signal,
      onProgress,
      // A token is issued only to whoever holds the RUC's SOL user and password.
      onToken: () => this.credentials.accepted(receiverRuc),
    });
    await writes;
    await this.reconciliations.stage(id, 'Leyendo la propuesta');
    await this.reconciliations.importDownloaded(id, { name: fileName, bytes: zip }, signal);
  }
}
