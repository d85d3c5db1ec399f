import type { DocumentOriginCode, FormaPagoFilter, ValidezFilter } from '@sufel/contract';
import { normalizeSeries } from '@sufel/ubl';
import type { Executor } from '../../db/executor.js';
import type { DocumentOrigin } from '../../db/types.js';
import { AppError } from '../../errors.js';
import { receiverMaySee } from '../receiver-access/receiver-access.js';

/** A filter of the receiver's documents as asked for: the list, its totals, exports, checks. */
export interface ReceiverFilterInput {
  start?: string | undefined;
  end?: string | undefined;
  emisor?: string | undefined;
  tipoDoc?: string | undefined;
  serie?: string | undefined;
  correlativo?: string | undefined;
  validez?: ValidezFilter | undefined;
  detraccion?: '1' | '0' | undefined;
  formaPago?: FormaPagoFilter | undefined;
  origen?: DocumentOriginCode | undefined;
  ids?: readonly number[] | undefined;
}

export interface ReceiverFilter {
  start?: string | undefined;
  end?: string | undefined;
  emisor?: string | undefined;
  tipo?: string | undefined;
  serie?: string | undefined;
  numero?: number | undefined;
  /** SUNAT's estadoCp from the latest check, or `sin`: never checked. */
  validez?: ValidezFilter | undefined;
  /** Subject to detracción (true) or not (false). */
  detraccion?: boolean | undefined;
  formaPago?: 'Contado' | 'Credito' | undefined;
  /** How the documents came in. */
  origin?: DocumentOrigin | undefined;
  /** Only these documents (a selection). */
  ids?: readonly number[] | undefined;
}

/** Filter fields as stored; null when they cannot match anything. */
export function toReceiverFilter(input: ReceiverFilterInput): ReceiverFilter | null {
  if (input.start !== undefined && input.end !== undefined && input.start > input.end) {
    throw new AppError('bad_request', 'dateRangeReversed');
  }
  let numero: number | undefined;
  if (input.correlativo !== undefined) {
    numero = Number(input.correlativo);
    if (!Number.isSafeInteger(numero) || numero < 1 || numero > 99_999_999) return null;
  }
  return {
    start: input.start,
    end: input.end,
    emisor: input.emisor,
    tipo: input.tipoDoc,
    serie: input.serie === undefined ? undefined : normalizeSeries(input.serie),
    numero,
    validez: input.validez,
    detraccion: input.detraccion === undefined ? undefined : input.detraccion === '1',
    formaPago:
      input.formaPago === undefined
        ? undefined
        : input.formaPago === 'credito'
          ? 'Credito'
          : 'Contado',
    origin: input.origen,
    ids: input.ids,
  };
}

/** The documents a receiver may see, narrowed by the filter: every receiver query starts here. */
export function receiverScope(db: Executor, receiverRuc: string, filter: ReceiverFilter) {
  let query = db.selectFrom('documents').where(receiverMaySee(receiverRuc));
  if (filter.start !== undefined) query = query.where('fecha', '>=', filter.start);
  if (filter.end !== undefined) query = query.where('fecha', '<=', filter.end);
  if (filter.emisor !== undefined) query = query.where('emisor', '=', filter.emisor);
  if (filter.tipo !== undefined) query = query.where('tipo', '=', filter.tipo);
  if (filter.serie !== undefined) query = query.where('serie', '=', filter.serie);
  if (filter.numero !== undefined) query = query.where('numero', '=', filter.numero);
  if (filter.detraccion !== undefined) {
    query = query.where('detraccion', '=', filter.detraccion);
  }
  if (filter.formaPago !== undefined) query = query.where('forma_pago', '=', filter.formaPago);
  if (filter.origin !== undefined) query = query.where('origen', '=', filter.origin);
  if (filter.ids !== undefined) query = query.where('id', 'in', filter.ids);
  if (filter.validez !== undefined) query = query.where('validez', '=', filter.validez);
  return query;
}
