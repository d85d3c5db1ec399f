import { isCar } from '@sufel/ubl';
import { uploadFile, UploadFileError, uploadFileName, type UploadFile } from './upload-file.js';

/** Tabla 22: `1` moves a proposed document to "Excluidos"; `2` brings an excluded one back. */
export type InclusionAction = 'exclude' | 'include';

export interface InclusionEntry {
  car: string;
  action: InclusionAction;
}

export interface InclusionFileInput {
  receiverRuc: string;
  /** The proposal's period, `AAAAMM`. */
  period: string;
  /** NN of the file name, from 1: one more for each file sent for the period. */
  sequence: number;
  entries: readonly InclusionEntry[];
}

const ACTION_CODES: Readonly<Record<InclusionAction, string>> = { exclude: '1', include: '2' };
/** Credit notes cannot be excluded (Annex 8, field 37). */
const NOT_EXCLUDABLE = new Set(['07', '87']);

/**
 * The include/exclude file (`RRRRRRRRRRR-RCEINEX-AAAAMM-NN.txt`, Annex 8,
 * third column): each row only the CAR (field 4) and field 37, every other
 * field empty. Each CAR once (note 15).
 */
export function inclusionFile(input: InclusionFileInput): UploadFile {
  const name = uploadFileName('RCEINEX', input.receiverRuc, input.period, input.sequence);
  const seen = new Set<string>();
  const rows = input.entries.map(({ car, action }) => {
    if (!isCar(car)) {
      throw new UploadFileError('invalid_row', `'${car}' no es un CAR de 27 letras o dígitos.`);
    }
    if (seen.has(car)) {
      throw new UploadFileError(
        'invalid_row',
        `El CAR ${car} está dos veces: SIRE pide cada CAR una sola vez por archivo.`,
      );
    }
    seen.add(car);
    const type = car.slice(11, 13);
    if (action === 'exclude' && NOT_EXCLUDABLE.has(type)) {
      throw new UploadFileError(
        'invalid_row',
        `El CAR ${car} es una nota de crédito (tipo ${type}): SIRE no permite excluirla de la propuesta.`,
      );
    }
    return { car, inclusion: ACTION_CODES[action] };
  });
  return uploadFile(name, rows);
}
