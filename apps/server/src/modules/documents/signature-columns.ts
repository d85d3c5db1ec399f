import type { Firma, SunatStatus } from '@sufel/contract';
import type { SignatureCheck } from '@sufel/ubl';
import type { DocumentRow, DocumentUpdate } from '../../db/types.js';

export type SignatureColumns = Required<
  Pick<
    DocumentUpdate,
    | 'firma_estado'
    | 'firma_firmante'
    | 'firma_ruc'
    | 'firma_desde'
    | 'firma_hasta'
    | 'firma_en_vigencia'
  >
>;

/** A signer's name is free text of the certificate; a list row carries it, so it is bounded. */
const SIGNER_MAX = 500;

/** The stored columns of a signature check; all null when no check ran. */
export function signatureColumnsOf(check: SignatureCheck | null): SignatureColumns {
  return {
    firma_estado: check?.status ?? null,
    firma_firmante: check?.signerName?.slice(0, SIGNER_MAX) ?? null,
    firma_ruc: check?.signerRuc ?? null,
    firma_desde: check?.validFrom ?? null,
    firma_hasta: check?.validTo ?? null,
    firma_en_vigencia: check?.issuedWithinValidity ?? null,
  };
}

type SignatureRow = Pick<
  DocumentRow,
  | 'firma_estado'
  | 'firma_firmante'
  | 'firma_ruc'
  | 'firma_desde'
  | 'firma_hasta'
  | 'firma_en_vigencia'
>;

/** The wire form; null while the document's signature was never checked. */
export function firmaOf(row: SignatureRow): Firma | null {
  if (row.firma_estado === null) return null;
  return {
    estado: row.firma_estado,
    firmante: row.firma_firmante,
    ruc: row.firma_ruc,
    vigencia_desde: row.firma_desde?.toISOString() ?? null,
    vigencia_hasta: row.firma_hasta?.toISOString() ?? null,
    emitido_en_vigencia: row.firma_en_vigencia,
  };
}

/**
 * SUNAT's answer as the stored columns tell it: a voided document first; then
 * the CDR's code (≥ 4000: accepted with observations, as the CDR reader says).
 * Rejected CDRs are refused at publish, so any other code is an acceptance.
 */
export function sunatStatusOf(
  row: Pick<DocumentRow, 'baja' | 'cdr_hash' | 'cdr_codigo'>,
): SunatStatus {
  if (row.baja) return 'anulado';
  if (row.cdr_hash === null) return 'sin_cdr';
  return /^\d+$/.test(row.cdr_codigo ?? '') && Number(row.cdr_codigo) >= 4000
    ? 'observado'
    : 'aceptado';
}
