import { formatCalendarDate, isCar, quoteValue } from '@sufel/ubl';
import { parseCents, type Cents } from '../amounts.js';
import { isPeriod } from '../period.js';
import {
  AMOUNT_KEYS,
  PROPOSAL_COLUMNS,
  type ColumnPositions,
  type ProposalColumnKey,
} from './columns.js';
import { unescapeHtml } from './html-entities.js';
import type { FileRecord } from './records.js';
import type { ProposalAmounts, ProposalEntry } from './types.js';

const LABELS = Object.fromEntries(
  PROPOSAL_COLUMNS.map((column) => [column.key, column.label]),
) as Record<ProposalColumnKey, string>;

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TYPE = /^[0-9A-Z]{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
const RATE = /^\d{1,4}(?:\.\d{1,6})?$/;

/** `DD/MM/AAAA` → `YYYY-MM-DD`, or null when it is not a calendar day. */
function parseDate(text: string): string | null {
  const match = DATE.exec(text);
  return match === null ? null : formatCalendarDate(match[3]!, match[2]!, match[1]!);
}

/** The fields of one record by code name, and what is wrong with them. */
class RecordFields {
  readonly problems: string[] = [];
  readonly #columns: ColumnPositions;
  readonly #fields: readonly string[];

  constructor(columns: ColumnPositions, fields: readonly string[]) {
    this.#columns = columns;
    this.#fields = fields;
  }

  text(key: ProposalColumnKey): string {
    const index = this.#columns[key];
    return index < 0 ? '' : (this.#fields[index] ?? '').trim();
  }

  optional(key: ProposalColumnKey): string | null {
    return this.text(key) || null;
  }

  problem(key: ProposalColumnKey, what: string): void {
    const value = this.text(key);
    this.problems.push(
      `'${LABELS[key]}' ${value === '' ? 'está vacío' : `${quoteValue(value)} ${what}`}`,
    );
  }

  date(key: ProposalColumnKey, required: boolean): string | null {
    const value = this.text(key);
    if (value === '' && !required) return null;
    const parsed = parseDate(value);
    if (parsed === null) this.problem(key, 'no es una fecha DD/MM/AAAA');
    return parsed;
  }

  amount(key: (typeof AMOUNT_KEYS)[number]): Cents {
    const value = this.text(key);
    // Annex 8: an amount without data is 0.00; only the total must be there.
    const cents = value === '' && key !== 'total' ? 0 : parseCents(value);
    if (cents === null)
      this.problem(key, 'no es un importe (dígitos y hasta dos decimales con punto)');
    return cents ?? 0;
  }
}

/** One data record of the proposal as a row, or the list of what is wrong with it. */
export function readRow(columns: ColumnPositions, record: FileRecord): ProposalEntry {
  const fields = new RecordFields(columns, record.fields);
  const car = fields.text('car').toUpperCase();
  if (!isCar(car)) fields.problem('car', 'no es un CAR de 27 letras o dígitos');
  const period = fields.text('period');
  if (!isPeriod(period)) fields.problem('period', 'no es un periodo AAAAMM');
  const issueDate = fields.date('issueDate', true);
  const dueDate = fields.date('dueDate', false);
  const type = fields.text('type');
  if (!TYPE.test(type)) fields.problem('type', 'no es un tipo de comprobante de dos caracteres');
  if (fields.text('number') === '') fields.problem('number', 'no es un número de comprobante');
  const amounts = {} as ProposalAmounts;
  for (const key of AMOUNT_KEYS) amounts[key] = fields.amount(key);
  const currency = fields.text('currency').toUpperCase();
  if (!CURRENCY.test(currency)) {
    fields.problem('currency', 'no es un código de moneda de tres letras');
  }
  const exchangeRate = fields.optional('exchangeRate');
  if (exchangeRate !== null && !RATE.test(exchangeRate)) {
    fields.problem('exchangeRate', 'no es un tipo de cambio');
  }
  const modifiedIssueDate = fields.date('modifiedIssueDate', false);

  const { problems } = fields;
  if (problems.length > 0) {
    const readableCar = isCar(car) ? car : null;
    return {
      kind: 'error',
      error: {
        line: record.line,
        car: readableCar,
        problems,
        message: `Línea ${record.line}${readableCar === null ? '' : ` (CAR ${readableCar})`}: ${problems.join('; ')}.`,
      },
    };
  }

  const modifiedType = fields.text('modifiedType');
  const modifiedNumber = fields.text('modifiedNumber');
  return {
    kind: 'row',
    row: {
      line: record.line,
      car,
      receiverRuc: fields.text('receiverRuc'),
      receiverName: unescapeHtml(fields.text('receiverName')),
      period,
      issueDate: issueDate!,
      dueDate,
      type,
      series: fields.text('series').toUpperCase(),
      number: fields.text('number'),
      lastNumber: fields.optional('lastNumber'),
      supplierIdType: fields.text('supplierIdType'),
      supplierId: fields.text('supplierId'),
      supplierName: unescapeHtml(fields.text('supplierName')),
      amounts,
      currency,
      exchangeRate,
      modified:
        modifiedType === '' && modifiedNumber === '' && modifiedIssueDate === null
          ? null
          : {
              issueDate: modifiedIssueDate,
              type: modifiedType,
              series: fields.text('modifiedSeries').toUpperCase(),
              customsCode: fields.text('modifiedCustomsCode'),
              number: modifiedNumber,
            },
      noteType: fields.optional('noteType'),
      status: fields.optional('status'),
    },
  };
}
