import { formatCalendarDate, isCar, quoteValue } from '@sufel/ubl';
import { parseCents } from '../amounts.js';
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

/** One data record of the proposal as a row, or the list of what is wrong with it. */
export function readRow(columns: ColumnPositions, record: FileRecord): ProposalEntry {
  const problems: string[] = [];
  const text = (key: ProposalColumnKey): string => {
    const index = columns[key];
    return index < 0 ? '' : (record.fields[index] ?? '').trim();
  };
  const optional = (key: ProposalColumnKey): string | null => text(key) || null;
  const problem = (key: ProposalColumnKey, what: string): void => {
    const value = text(key);
    problems.push(
      `'${LABELS[key]}' ${value === '' ? 'está vacío' : `${quoteValue(value)} ${what}`}`,
    );
  };
  const date = (key: ProposalColumnKey, required: boolean): string | null => {
    const value = text(key);
    if (value === '' && !required) return null;
    const parsed = parseDate(value);
    if (parsed === null) problem(key, 'no es una fecha DD/MM/AAAA');
    return parsed;
  };

  const car = text('car').toUpperCase();
  if (!isCar(car)) problem('car', 'no es un CAR de 27 letras o dígitos');
  const period = text('period');
  if (!isPeriod(period)) problem('period', 'no es un periodo AAAAMM');
  const issueDate = date('issueDate', true);
  const dueDate = date('dueDate', false);
  const type = text('type');
  if (!TYPE.test(type)) problem('type', 'no es un tipo de comprobante de dos caracteres');
  if (text('number') === '') problem('number', 'no es un número de comprobante');
  const amounts = {} as ProposalAmounts;
  for (const key of AMOUNT_KEYS) {
    const value = text(key);
    // Annex 8: an amount without data is 0.00; only the total must be there.
    const cents = value === '' && key !== 'total' ? 0 : parseCents(value);
    if (cents === null) problem(key, 'no es un importe (dígitos y hasta dos decimales con punto)');
    amounts[key] = cents ?? 0;
  }
  const currency = text('currency').toUpperCase();
  if (!CURRENCY.test(currency)) problem('currency', 'no es un código de moneda de tres letras');
  const exchangeRate = optional('exchangeRate');
  if (exchangeRate !== null && !RATE.test(exchangeRate))
    problem('exchangeRate', 'no es un tipo de cambio');
  const modifiedIssueDate = date('modifiedIssueDate', false);

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

  const modifiedType = text('modifiedType');
  const modifiedNumber = text('modifiedNumber');
  return {
    kind: 'row',
    row: {
      line: record.line,
      car,
      receiverRuc: text('receiverRuc'),
      receiverName: unescapeHtml(text('receiverName')),
      period,
      issueDate: issueDate!,
      dueDate,
      type,
      series: text('series').toUpperCase(),
      number: text('number'),
      lastNumber: optional('lastNumber'),
      supplierIdType: text('supplierIdType'),
      supplierId: text('supplierId'),
      supplierName: unescapeHtml(text('supplierName')),
      amounts,
      currency,
      exchangeRate,
      modified:
        modifiedType === '' && modifiedNumber === '' && modifiedIssueDate === null
          ? null
          : {
              issueDate: modifiedIssueDate,
              type: modifiedType,
              series: text('modifiedSeries').toUpperCase(),
              customsCode: text('modifiedCustomsCode'),
              number: modifiedNumber,
            },
      noteType: optional('noteType'),
      status: optional('status'),
    },
  };
}
