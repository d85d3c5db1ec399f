import { WITHHOLDING_TYPE_CODES } from '@sufel/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { receiverScope } from '../documents/receiver-filter.js';

export interface Range {
  start: string;
  end: string;
}

/**
 * What a receiver must pay or deposit, over the documents it may see (every
 * query starts from the documents' receiver scope). Voided documents oblige
 * to nothing and are left out.
 */
export class MoneyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Instalments falling due in the range, with their document. */
  private installmentsDue(receiverRuc: string, range: Range) {
    return receiverScope(this.db, receiverRuc, { formaPago: 'Credito' })
      .innerJoin('document_installments as i', 'i.document_id', 'documents.id')
      .where('documents.baja', '=', false)
      .where('i.vence', '>=', range.start)
      .where('i.vence', '<=', range.end);
  }

  async payables(receiverRuc: string, range: Range, limit: number) {
    return this.installmentsDue(receiverRuc, range)
      .select([
        'documents.id',
        'documents.emisor',
        'documents.emisor_nombre',
        'documents.tipo',
        'documents.serie',
        'documents.numero',
        'documents.moneda',
        'i.cuota',
        'i.monto',
        'i.vence',
      ])
      .orderBy('i.vence')
      .orderBy('documents.id')
      .orderBy('i.cuota')
      .limit(limit)
      .execute();
  }

  /** Exact sums per currency, with the count they cover. */
  async payableTotals(receiverRuc: string, range: Range) {
    return this.installmentsDue(receiverRuc, range)
      .select([
        'documents.moneda',
        sql<string>`sum(i.monto)`.as('monto'),
        sql<string>`count(*)`.as('cuotas'),
      ])
      .groupBy('documents.moneda')
      .orderBy('documents.moneda')
      .execute();
  }

  /** Exact sums per week (from Monday) and currency. */
  async payableWeeks(receiverRuc: string, range: Range) {
    const week = sql<string>`cast(date_trunc('week', i.vence) as date)`;
    return this.installmentsDue(receiverRuc, range)
      .select(['documents.moneda', week.as('semana'), sql<string>`sum(i.monto)`.as('monto')])
      .groupBy(['documents.moneda', week])
      .orderBy(week)
      .orderBy('documents.moneda')
      .execute();
  }

  private detractionScope(receiverRuc: string, range: Range) {
    return receiverScope(this.db, receiverRuc, {
      start: range.start,
      end: range.end,
      detraccion: true,
    }).where('documents.baja', '=', false);
  }

  async detractions(receiverRuc: string, range: Range, limit: number) {
    return this.detractionScope(receiverRuc, range)
      .select([
        'id',
        'emisor',
        'emisor_nombre',
        'tipo',
        'serie',
        'numero',
        'fecha',
        'detraccion_codigo',
        'detraccion_porcentaje',
        'detraccion_monto',
        'detraccion_cuenta',
      ])
      .orderBy('fecha')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async detractionTotal(receiverRuc: string, range: Range) {
    const row = await this.detractionScope(receiverRuc, range)
      .select([
        sql<string | null>`sum(detraccion_monto)`.as('monto'),
        sql<string>`count(*)`.as('count'),
      ])
      .executeTakeFirstOrThrow();
    return { monto: row.monto ?? '0', count: Number(row.count) };
  }

  /** The retention (20) and perception (40) receipts issued to the receiver in the range. */
  private withholdingScope(receiverRuc: string, range: Range) {
    return receiverScope(this.db, receiverRuc, { start: range.start, end: range.end }).where(
      'documents.tipo',
      'in',
      WITHHOLDING_TYPE_CODES,
    );
  }

  async withholdings(receiverRuc: string, range: Range, limit: number) {
    return this.withholdingScope(receiverRuc, range)
      .select([
        'id',
        'tipo',
        'emisor',
        'emisor_nombre',
        'serie',
        'numero',
        'fecha',
        'total',
        'baja',
      ])
      .orderBy('fecha', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Exact sums per month of what was retained and perceived; a voided receipt withheld nothing. */
  async withholdingMonths(receiverRuc: string, range: Range) {
    const month = sql<string>`to_char(fecha, 'YYYY-MM')`;
    return this.withholdingScope(receiverRuc, range)
      .where('documents.baja', '=', false)
      .select([
        month.as('mes'),
        sql<string | null>`sum(total) filter (where tipo = '20')`.as('retenido'),
        sql<string | null>`sum(total) filter (where tipo = '40')`.as('percibido'),
        sql<string>`count(*)`.as('comprobantes'),
      ])
      .groupBy(month)
      .orderBy(month)
      .execute();
  }

  async withholdingCount(receiverRuc: string, range: Range): Promise<number> {
    const row = await this.withholdingScope(receiverRuc, range)
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
