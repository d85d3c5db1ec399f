import { verdictOf, type CdrAnswer, type Validity, type Verdict } from '@sufel/contract';
import type { DocumentRow } from '../../db/types.js';

export type VerdictRow = Pick<
  DocumentRow,
  'baja' | 'firma_estado' | 'cdr_hash' | 'cdr_codigo' | 'cdr_respuesta'
>;

/**
 * A stored CDR's answer; until the backfill reads one stored before SUFEL kept
 * it, its response code tells all but the notes and the document it names.
 */
function cdrAnswerOfRow(row: VerdictRow): CdrAnswer | null {
  if (row.cdr_hash === null) return null;
  if (row.cdr_respuesta !== null) return row.cdr_respuesta;
  const code = /^\d+$/.test(row.cdr_codigo ?? '') ? Number(row.cdr_codigo) : 0;
  if (code >= 4000) return 'observado';
  return code >= 2000 ? 'rechazado' : 'aceptado';
}

/** The verdict on a stored document, with SUNAT's latest answer when there is one. */
export function verdictOfRow(
  row: VerdictRow,
  validity: Pick<Validity, 'estadoCp'> | null,
): Verdict {
  return verdictOf({
    signature: row.firma_estado,
    voided: row.baja,
    sunatState: validity?.estadoCp ?? null,
    cdr: cdrAnswerOfRow(row),
  });
}
