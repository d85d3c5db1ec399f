import { cdrFileName, documentFileName } from '@sufel/contract';
import type { DocumentRow } from '../../db/types.js';

type NamedRow = Pick<DocumentRow, 'emisor' | 'tipo' | 'serie' | 'numero'>;

/**
 * The name a stored document's file is downloaded and exported under; a CDR
 * takes SUNAT's name for its answer, `.zip` for SUNAT's ZIP and `.xml` for the
 * bare XML.
 */
export function fileNameOf(row: NamedRow, file: 'xml' | 'pdf'): string;
export function fileNameOf(row: NamedRow, file: 'cdr', zip: boolean): string;
export function fileNameOf(row: NamedRow, file: 'xml' | 'pdf' | 'cdr', zip = false): string {
  const named = {
    emisor: row.emisor,
    tipo: row.tipo,
    serie: row.serie,
    correlativo: String(row.numero),
  };
  return file === 'cdr' ? cdrFileName(named, zip) : documentFileName(named, file);
}
