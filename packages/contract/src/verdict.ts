import type { SignatureStatus } from './schemas/documents.js';
import type { EstadoCp } from './schemas/sunat-validity.js';

/**
 * The one verdict on a document, shown in words wherever the document appears,
 * most serious first: when several facts hold, the first of this list wins.
 * cdr_de_otro: the CDR the issuer attached answers for another document, so
 * it proves nothing about this one.
 */
export const VERDICTS = [
  'xml_alterado',
  'anulado',
  'rechazado',
  'cdr_de_otro',
  'observado',
  'aceptado',
  'sin_cdr',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The Spanish words of each verdict (the web's English catalogue has its own). */
export const VERDICT_WORDS: Readonly<Record<Verdict, string>> = {
  xml_alterado: 'XML alterado: no use estos importes',
  anulado: 'Anulado',
  rechazado: 'Rechazado por SUNAT',
  cdr_de_otro: 'Constancia de SUNAT de otro comprobante',
  observado: 'Aceptado con observaciones',
  aceptado: 'Aceptado por SUNAT',
  sin_cdr: 'Sin constancia de SUNAT',
};

/** SUNAT's own page where anyone checks that a document was accepted. */
export const SUNAT_VALIDITY_CHECK_URL =
  'https://e-consultaruc.sunat.gob.pe/cl-ti-itconsvalicpe/ConsultaValidezCpe.htm';

/** What to do when no constancia of SUNAT vouches for the document. */
export const SUNAT_VALIDITY_CHECK_HINT =
  'Verifique en SUNAT que el comprobante figure como aceptado con el RUC, serie, número, fecha y total de este documento.';

/** The verdicts whose words come with SUNAT's page and what to check there. */
export function needsSunatCheck(verdict: Verdict): boolean {
  return verdict === 'sin_cdr' || verdict === 'cdr_de_otro';
}

/**
 * What a CDR says of the document it came with: SUNAT's answer when it is
 * about this document, `error` when SUNAT could not process it (codes 0100–1999),
 * `de_otro` when it names another document.
 */
export type CdrAnswer = 'aceptado' | 'observado' | 'rechazado' | 'error' | 'de_otro';

export interface VerdictFacts {
  /** The signature check; null until it ran. */
  signature: SignatureStatus | null;
  /** Voided by its issuer in SUFEL. */
  voided: boolean;
  /** SUNAT's `estadoCp` from the latest consulta integrada; null when never asked. */
  sunatState: EstadoCp | null;
  /** What the attached CDR says; null without one. */
  cdr: CdrAnswer | null;
}

const VERDICT_OF_CDR: Readonly<Record<CdrAnswer, Verdict>> = {
  aceptado: 'aceptado',
  observado: 'observado',
  rechazado: 'rechazado',
  // SUNAT did not process the document: no constancia vouches for it.
  error: 'sin_cdr',
  de_otro: 'cdr_de_otro',
};

/**
 * The verdict on a document. An XML altered after signing comes first: its
 * amounts are not the ones signed, whatever SUNAT answered. SUNAT's "ANULADO"
 * today (a comunicación de baja SUNAT received) voids the document as surely as
 * a void in SUFEL; SUNAT's other states today (NO EXISTE, NO AUTORIZADO) are
 * shown as warnings beside the verdict, since the CDR the issuer published is
 * still SUNAT's answer at issue time.
 */
export function verdictOf(facts: VerdictFacts): Verdict {
  if (facts.signature === 'invalida') return 'xml_alterado';
  if (facts.voided || facts.sunatState === '2') return 'anulado';
  return facts.cdr === null ? 'sin_cdr' : VERDICT_OF_CDR[facts.cdr];
}
