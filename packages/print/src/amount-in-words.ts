import { currencyName } from '@sufel/contract';
/**
 * The "SON: …" legend of a printed document: the amount in Spanish words, the
 * cents as a fraction of 100 and the currency name, as Peruvian invoices
 * print it ("MIL CIENTO OCHENTA CON 00/100 SOLES").
 */

const UNITS = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = [
  '',
  '',
  '',
  'TREINTA',
  'CUARENTA',
  'CINCUENTA',
  'SESENTA',
  'SETENTA',
  'OCHENTA',
  'NOVENTA',
];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 0–999 in words; `apocopate` turns a final UNO into UN (before MIL, MILLONES). */
function belowThousand(n: number, apocopate: boolean): string {
  if (n === 100) return 'CIEN';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(HUNDREDS[hundreds]!);
  if (rest > 0 || hundreds === 0) {
    let text: string;
    if (rest < 30) text = UNITS[rest]!;
    else {
      const unit = rest % 10;
      text = TENS[Math.floor(rest / 10)]! + (unit > 0 ? ` Y ${UNITS[unit]!}` : '');
    }
    if (apocopate) text = text.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');
    words.push(text);
  }
  return words.join(' ');
}

/** 0–999 999 in words. */
function belowMillion(n: number, apocopate: boolean): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const words: string[] = [];
  if (thousands === 1) words.push('MIL');
  else if (thousands > 1) words.push(`${belowThousand(thousands, true)} MIL`);
  if (rest > 0 || thousands === 0) words.push(belowThousand(rest, apocopate));
  return words.join(' ');
}

/** A non-negative integer below 10^18 in Spanish words. */
export function integerInWords(value: bigint): string {
  if (value < 0n || value >= 10n ** 18n) throw new RangeError('Amount out of range');
  const trillions = Number(value / 10n ** 12n);
  const millions = Number((value / 10n ** 6n) % 10n ** 6n);
  const rest = Number(value % 10n ** 6n);
  const words: string[] = [];
  if (trillions > 0) {
    words.push(trillions === 1 ? 'UN BILLÓN' : `${belowMillion(trillions, true)} BILLONES`);
  }
  if (millions > 0) {
    words.push(millions === 1 ? 'UN MILLÓN' : `${belowMillion(millions, true)} MILLONES`);
  }
  if (rest > 0 || words.length === 0) words.push(belowMillion(rest, false));
  return words.join(' ');
}

/** "1180.00", "PEN" → "MIL CIENTO OCHENTA CON 00/100 SOLES". */
export function amountInWords(amount: string, currency: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount: ${amount}`);
  const cents = (match[2] ?? '').padEnd(2, '0');
  return `${integerInWords(BigInt(match[1]!))} CON ${cents}/100 ${currencyName(currency)}`;
}
