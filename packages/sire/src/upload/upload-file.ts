import { CodedError } from '../coded-error.js';
import { isPeriod } from '../period.js';
import { PROPOSAL_COLUMNS, type ProposalColumnKey } from '../proposal/columns.js';

/**
 * What the files SIRE takes back share (Tabla 12 and 13 of Annex 1; Annex 8):
 * fields 1 to 37 of the proposal's layout, `|`-separated, no header row, the
 * free-use fields left out with their separators.
 *
 * Not fixed by SUNAT's text, chosen here (see the README): lines end in CRLF
 * and the file is UTF-8 without BOM, with no `|` after the last field.
 */

export interface UploadFile {
  /** `RRRRRRRRRRR-RCEINEX-AAAAMM-NN.txt`, `RRRRRRRRRRR-CP-AAAAMM-NN.txt`. */
  name: string;
  content: Uint8Array;
  /** Rows written. */
  rows: number;
}

export type UploadFileErrorCode = 'invalid_file' | 'invalid_row';

/** Why a file for SIRE could not be written. */
export class UploadFileError extends CodedError<UploadFileErrorCode> {}

const UPLOAD_FIELDS = PROPOSAL_COLUMNS.filter((column) => column.field <= 37);
const LINE_END = '\r\n';

export type UploadFields = Partial<Record<ProposalColumnKey, string>>;

/** Tabla 12: text goes between separators and may not hold `|`, `/` or `\`; nor line breaks. */
export function uploadText(text: string): string {
  return text
    .replace(/[|/\\\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function line(fields: UploadFields): string {
  return UPLOAD_FIELDS.map(({ key }) => fields[key] ?? '').join('|');
}

/** The file name of Tabla 13: `{RUC}-{kind}-{AAAAMM}-{NN}.txt`, NN the upload's sequence from 01. */
export function uploadFileName(
  kind: 'RCEINEX' | 'CP',
  receiverRuc: string,
  period: string,
  sequence: number,
): string {
  if (!/^\d{11}$/.test(receiverRuc)) {
    throw new UploadFileError('invalid_file', `El RUC '${receiverRuc}' no tiene 11 dígitos.`);
  }
  if (!isPeriod(period)) {
    throw new UploadFileError('invalid_file', `El periodo '${period}' no tiene la forma AAAAMM.`);
  }
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 99) {
    throw new UploadFileError(
      'invalid_file',
      'El correlativo del archivo va de 1 a 99: SIRE no acepta dos envíos con el mismo nombre.',
    );
  }
  return `${receiverRuc}-${kind}-${period}-${String(sequence).padStart(2, '0')}.txt`;
}

export function uploadFile(name: string, rows: readonly UploadFields[]): UploadFile {
  if (rows.length === 0) {
    throw new UploadFileError('invalid_file', 'No hay comprobantes que enviar a SIRE.');
  }
  const text = rows.map((fields) => line(fields) + LINE_END).join('');
  return { name, content: new TextEncoder().encode(text), rows: rows.length };
}
