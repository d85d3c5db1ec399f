import { isObject, textOf } from './json.js';
import { SireError } from './sire-error.js';

/** A file SUNAT generated for a ticket (`archivoReporte[]`). */
export interface ReportFile {
  name: string;
  /** `codTipoArchivoReporte` as SUNAT gave it; null when it gave none. */
  type: string | null;
}

export type TicketStatus =
  | { state: 'processing'; description: string }
  | { state: 'done'; files: ReportFile[]; processCode: string | null }
  | { state: 'failed'; description: string };

/** `codEstadoProceso` "06", "Terminado": the only state code SUNAT's manual gives. */
const DONE = '06';
/**
 * Other state codes are not published. A state whose description speaks of
 * an error or a rejection is taken as failed; any other keeps the ticket
 * waiting until the client's time limit.
 */
const FAILED_DESCRIPTION = /error|rechaz|anulad/i;

function unexpected(what: string): SireError {
  return new SireError(
    'unexpected_answer',
    `SUNAT respondió el estado del ticket sin ${what}: SUFEL no reconoce esa respuesta.`,
  );
}

/** The state of one ticket in an answer of `consultaestadotickets`. */
export function ticketStatusOf(answer: unknown, ticket: string): TicketStatus {
  if (!isObject(answer) || !Array.isArray(answer.registros))
    throw unexpected('la lista de registros');
  const records = answer.registros.filter(isObject);
  const record =
    records.find((candidate) => textOf(candidate.numTicket) === ticket) ??
    (records.length === 1 && textOf(records[0]!.numTicket) === null ? records[0] : undefined);
  // A ticket just asked for may not be listed yet.
  if (record === undefined) return { state: 'processing', description: 'pendiente' };
  // An object in the manual's example, an array in its table.
  const details: unknown[] = Array.isArray(record.detalleTicket)
    ? record.detalleTicket
    : [record.detalleTicket];
  const detail = details[0];
  const code =
    textOf(record.codEstadoProceso) ?? (isObject(detail) ? textOf(detail.codEstadoEnvio) : null);
  const description =
    textOf(record.desEstadoProceso) ??
    (isObject(detail) ? textOf(detail.desEstadoEnvio) : null) ??
    '';
  if (code?.padStart(2, '0') === DONE) {
    const reports = Array.isArray(record.archivoReporte) ? record.archivoReporte : [];
    const files = reports.filter(isObject).flatMap((report): ReportFile[] => {
      const name = textOf(report.nomArchivoReporte);
      // SUNAT's answers spell it codTipoAchivoReporte; its manual also codTipoArchivoReporte.
      const type = textOf(report.codTipoAchivoReporte) ?? textOf(report.codTipoArchivoReporte);
      return name === null || name === '' ? [] : [{ name, type }];
    });
    return { state: 'done', files, processCode: textOf(record.codProceso) };
  }
  if (FAILED_DESCRIPTION.test(description)) return { state: 'failed', description };
  return { state: 'processing', description };
}
