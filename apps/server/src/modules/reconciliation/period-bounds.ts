import type { HeldGroupBounds } from './reconciliation.repository.js';

/** Months before the period's end after which a factura's IGV credit is at risk (the 11). */
const CREDIT_RISK_MONTHS = 11;

function lastDay(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** The days that bound what a period's lists of held documents show. */
export function periodBounds(period: string): HeldGroupBounds {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6));
  return {
    period,
    periodStart: `${period.slice(0, 4)}-${period.slice(4, 6)}-01`,
    periodEnd: lastDay(year, month),
    creditCutoff: lastDay(year, month - CREDIT_RISK_MONTHS),
  };
}

/** The tax period (`AAAAMM`) of a moment, in Lima (UTC−5 all year). */
export function limaPeriod(at: Date): string {
  const lima = new Date(at.getTime() - 5 * 3600_000).toISOString();
  return lima.slice(0, 4) + lima.slice(5, 7);
}
