import {
  DOCUMENT_TYPES,
  isDocumentTypeCode,
  MONEY_VIEW_MAX_ITEMS,
  WITHHOLDINGS_MAX_ITEMS,
  type Detractions,
  type Payables,
  type WithholdingMonth,
  type Withholdings,
  type WithholdingTypeCode,
} from '@sufel/contract';
import { addDecimals } from '@sufel/ubl';
import { AppError } from '../../errors.js';
import { csvField, UTF8_BOM } from '../export/csv-export.js';
import type { MoneyRepository, Range } from './money.repository.js';

function checkedRange(range: Range): Range {
  if (range.start > range.end) {
    throw new AppError('bad_request', 'dateRangeReversed');
  }
  return range;
}

/** Columns of the detracciones CSV, in the order a deposit is prepared. */
const DETRACTION_CSV_HEADER = [
  'RUC del proveedor',
  'Razón social del proveedor',
  'Tipo de comprobante',
  'Serie',
  'Número',
  'Fecha de emisión',
  'Código de bien o servicio',
  '% de detracción',
  'Monto a depositar (S/)',
  'Cuenta en el Banco de la Nación',
];

/**
 * The money a receiver must act on: instalments to pay and detracciones to
 * deposit, as their issuers declared them. SUFEL sums what was declared and
 * never computes a rate.
 */
export class MoneyService {
  constructor(private readonly money: MoneyRepository) {}

  async payables(receiverRuc: string, input: Range): Promise<Payables> {
    const range = checkedRange(input);
    const [rows, totals, weeks] = await Promise.all([
      this.money.payables(receiverRuc, range, MONEY_VIEW_MAX_ITEMS),
      this.money.payableTotals(receiverRuc, range),
      this.money.payableWeeks(receiverRuc, range),
    ]);
    const count = totals.reduce((sum, total) => sum + Number(total.cuotas), 0);
    return {
      items: rows.map((row) => ({
        documentId: row.id,
        emisor: row.emisor,
        emisor_nombre: row.emisor_nombre,
        tipo: row.tipo,
        serie: row.serie,
        numero: String(row.numero),
        cuota: row.cuota,
        monto: row.monto,
        moneda: row.moneda,
        // The range only holds instalments with a due date.
        vence: row.vence!,
      })),
      totales: totals.map(({ moneda, monto }) => ({ moneda, monto })),
      semanas: weeks.map(({ moneda, semana, monto }) => ({ semana, moneda, monto })),
      truncado: count > rows.length,
    };
  }

  async detractions(receiverRuc: string, input: Range): Promise<Detractions> {
    const range = checkedRange(input);
    const [rows, total] = await Promise.all([
      this.money.detractions(receiverRuc, range, MONEY_VIEW_MAX_ITEMS),
      this.money.detractionTotal(receiverRuc, range),
    ]);
    return {
      items: rows.map((row) => ({
        documentId: row.id,
        emisor: row.emisor,
        emisor_nombre: row.emisor_nombre,
        codigo: row.detraccion_codigo,
        porcentaje: row.detraccion_porcentaje,
        monto: row.detraccion_monto,
        cuenta: row.detraccion_cuenta,
        tipo: row.tipo,
        serie: row.serie,
        numero: String(row.numero),
        fecha: row.fecha,
      })),
      total: total.monto,
      truncado: total.count > rows.length,
    };
  }

  /** The detracciones as a CSV a spreadsheet opens in UTF-8: one line per document. */
  async detractionsCsv(receiverRuc: string, range: Range): Promise<string> {
    const { items } = await this.detractions(receiverRuc, range);
    const lines = [DETRACTION_CSV_HEADER.map((header) => csvField(header, true))];
    for (const item of items) {
      lines.push([
        csvField(item.emisor, true),
        csvField(item.emisor_nombre, true),
        csvField(isDocumentTypeCode(item.tipo) ? DOCUMENT_TYPES[item.tipo].label : item.tipo, true),
        csvField(item.serie, true),
        csvField(item.numero, false),
        csvField(item.fecha, false),
        csvField(item.codigo, true),
        csvField(item.porcentaje, false),
        csvField(item.monto, false),
        csvField(item.cuenta, true),
      ]);
    }
    return UTF8_BOM + lines.map((line) => `${line.join(',')}\r\n`).join('');
  }

  /**
   * The retention and perception receipts issued to the receiver, and per
   * month what its agents retained from it and perceived from it.
   */
  async withholdings(receiverRuc: string, input: Range): Promise<Withholdings> {
    const range = checkedRange(input);
    const [rows, months, count] = await Promise.all([
      this.money.withholdings(receiverRuc, range, WITHHOLDINGS_MAX_ITEMS),
      this.money.withholdingMonths(receiverRuc, range),
      this.money.withholdingCount(receiverRuc, range),
    ]);
    const meses = months.map((month) => ({
      mes: month.mes,
      retenido: month.retenido ?? '0.00',
      percibido: month.percibido ?? '0.00',
      comprobantes: Number(month.comprobantes),
    }));
    const sum = (pick: (month: WithholdingMonth) => string) =>
      meses.reduce((total, month) => addDecimals(total, pick(month)), '0.00');
    return {
      items: rows.map((row) => ({
        documentId: row.id,
        // The scope holds only these two types.
        tipo: row.tipo as WithholdingTypeCode,
        emisor: row.emisor,
        emisor_nombre: row.emisor_nombre,
        serie: row.serie,
        numero: String(row.numero),
        fecha: row.fecha,
        monto: row.total,
        baja: row.baja,
      })),
      meses,
      totales: {
        retenido: sum((month) => month.retenido),
        percibido: sum((month) => month.percibido),
      },
      truncado: count > rows.length,
    };
  }
}
