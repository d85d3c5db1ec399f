import type { DocumentRow } from '../../db/types.js';

/** The columns a list shows of each document: the receiver's and the issuer's lists. */
export const LIST_COLUMNS = [
  'id',
  'emisor',
  'emisor_nombre',
  'tipo',
  'serie',
  'numero',
  'numero_impreso',
  'fecha',
  'total',
  'moneda',
  'cliente_tipo',
  'cliente_doc',
  'cliente_nombre',
  'baja',
  'cdr_hash',
  'cdr_codigo',
  'cdr_respuesta',
  'firma_estado',
  'firma_firmante',
  'firma_ruc',
  'firma_desde',
  'firma_hasta',
  'firma_en_vigencia',
  'forma_pago',
  'cuotas',
  'detraccion',
  'detraccion_monto',
  'percepcion_monto',
  'retencion_monto',
  'dinero_leido',
  'origen',
  'copia_distinta',
] as const;

export type DocumentListRow = Pick<DocumentRow, (typeof LIST_COLUMNS)[number]>;
