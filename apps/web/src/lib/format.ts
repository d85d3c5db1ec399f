import { currencySymbol } from '@sufel/contract';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../config/seed-constants';
import type { Language } from '../i18n/language';

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

/** A percentage as declared, without trailing zeros ("12.00" → "12 %"); null when none was. */
export function formatPercent(percent: string | null): string | null {
  return percent ? `${Number(percent)} %` : null;
}

/** An instant as the day and time it was in Lima ("25 nov 2026, 10:30"). */
export function formatLimaInstant(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    timeZone: 'America/Lima',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** An instant as the day it was in Lima ("25 de noviembre de 2026"). */
export function formatLimaDay(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    timeZone: 'America/Lima',
    dateStyle: 'long',
  }).format(new Date(iso));
}

/** A month "YYYY-MM" in words ("marzo de 2025", "March 2025"). */
export function formatMonth(month: string, language: Language): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(language === 'es' ? 'es-PE' : 'en-GB', {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(year!, number! - 1, 1)));
}
