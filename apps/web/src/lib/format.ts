import { currencySymbol } from '@sufel/contract';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../config/seed-constants';

function toNumber(amount: number | string): number {
  return typeof amount === 'number' ? amount : Number(amount);
}

/** "S/ 1,180.00": an amount with two decimals and its currency's symbol. */
export function formatAmount(
  amount: number | string,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_LOCALE,
): string {
  const value = toNumber(amount);
  if (!Number.isFinite(value)) return String(amount);
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
  return `${currencySymbol(currency.trim() || DEFAULT_CURRENCY)} ${number}`;
}

/** A quantity as the document states it, without trailing zeros ("2.000" → "2"). */
export function formatQuantity(quantity: number | string, locale: string = DEFAULT_LOCALE): string {
  const value = toNumber(quantity);
  if (!Number.isFinite(value)) return String(quantity);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 10 }).format(value);
}
