import type { Validity } from '@sufel/contract';
import type { DocumentRow } from '../../db/types.js';
import { verdictOfRow, type VerdictRow } from '../documents/document-verdict.js';
import type { NoticeDocument } from './notice-mails.js';

/** What a notice shows of a stored document, and what its verdict is judged from. */
export type NoticeRow = Pick<
  DocumentRow,
  'id' | 'emisor' | 'emisor_nombre' | 'tipo' | 'serie' | 'numero' | 'fecha' | 'total' | 'moneda'
> &
  VerdictRow;

/** A document as its notice shows it, judged with SUNAT's latest answer when there is one. */
export function toNoticeDocument(
  row: NoticeRow,
  validity: Pick<Validity, 'estadoCp'> | null,
): NoticeDocument {
  return {
    id: row.id,
    emisor: row.emisor,
    emisorNombre: row.emisor_nombre,
    tipo: row.tipo,
    serie: row.serie,
    numero: row.numero,
    fecha: row.fecha,
    total: row.total,
    moneda: row.moneda,
    verdict: verdictOfRow(row, validity),
  };
}
