import { formatAmount } from './decimal-format.js';

/** How a currency is named and abbreviated on a Peruvian printed document. */
interface CurrencyInfo {
  symbol: string;
  name: string;
}

const CURRENCIES: Readonly<Record<string, CurrencyInfo>> = {
  PEN: { symbol: 'S/', name: 'SOLES' },
  USD: { symbol: 'US$', name: 'DÓLARES AMERICANOS' },
  EUR: { symbol: '€', name: 'EUROS' },
};

/** "S/" for PEN, "US$" for USD, "€" for EUR, else the ISO code itself. */
export function currencySymbol(code: string): string {
  const upper = code.trim().toUpperCase();
  return CURRENCIES[upper]?.symbol ?? upper;
}

/** "S/ 1,234,567.89": an amount as the portal, its mails and its PDFs write it. */
export function formatMoney(amount: string, code: string): string {
  return `${currencySymbol(code)} ${formatAmount(amount)}`;
}

/** "SOLES" for PEN, "DÓLARES AMERICANOS" for USD, "EUROS" for EUR, else the ISO code. */
export function currencyName(code: string): string {
  const upper = code.trim().toUpperCase();
  return CURRENCIES[upper]?.name ?? upper;
}
