import { keyword } from './keyword.js';
import type { UblNote } from './types.js';

/** "Operación sujeta a detracción": catalogue 52 (UBL 2.1) and 15 (UBL 2.0) share the code. */
const DETRACTION_LEGEND = '2006';
const SUBJECT =
  /\bsujet[ao]s? (?:a|al) (?:la )?(?:detraccion|sistema de pago de obligaciones tributarias|spot)\b/;
const NOT_SUBJECT = /\bno (?:esta |se encuentra )?sujet[ao]s? /;

/**
 * Whether a legend or a free note says the operation is subject to detraction,
 * as older documents do without any structured detraction data.
 */
export function saysSubjectToDetraction(notes: readonly UblNote[]): boolean {
  return notes.some((note) => {
    if (note.code === DETRACTION_LEGEND) return true;
    const text = keyword(note.text);
    return SUBJECT.test(text) && !NOT_SUBJECT.test(text);
  });
}
