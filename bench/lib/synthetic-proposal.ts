import type { ProposalRowInput } from '@sufel/sire/testing';

/**
 * Rows of a synthetic RCE proposal whose every field follows from its index:
 * 2 000 suppliers (names with accents, `&` and apostrophes, as SUNAT escapes
 * them), nine facturas to each credit note, one document in twenty in USD,
 * issue dates over the period and the eleven months before it (excluded rows
 * come back in later proposals).
 */
const SUPPLIERS = 2000;
const NAMES = [
  'COMERCIAL ÑAÑO & HIJOS S.A.C.',
  "FERRETERÍA O'HIGGINS E.I.R.L.",
  'SERVICIOS ANDINOS S.R.L.',
];

function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

export function syntheticProposalRow(
  index: number,
  receiverRuc: string,
  period: string,
): ProposalRowInput {
  const supplier = index % SUPPLIERS;
  const credit = index % 10 === 9;
  const base = ((index * 7919) % 5_000_000) + 100;
  const igv = Math.round(base * 0.18);
  const sign = credit ? -1 : 1;
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(4, 6)) - (index % 12);
  const issued = new Date(Date.UTC(year, month - 1, (index % 28) + 1));
  const issueDate = issued.toISOString().slice(0, 10);
  const usd = index % 20 === 7;
  return {
    receiverRuc,
    receiverName: 'EMPRESA RECEPTORA DE MEDICIÓN S.A.C.',
    period,
    supplierRuc: `20${String(supplier + 100_000_000).padStart(9, '0')}`,
    supplierName: `${NAMES[supplier % NAMES.length]} ${supplier}`,
    type: credit ? '07' : '01',
    series: credit ? 'FC01' : `F${String(supplier % 1000).padStart(3, '0')}`,
    number: index + 1,
    issueDate,
    baseDg: money(sign * base),
    igvDg: money(sign * igv),
    total: money(sign * (base + igv)),
    currency: usd ? 'USD' : 'PEN',
    exchangeRate: usd ? '3.373' : '1.000',
    ...(credit ? { modified: { issueDate, type: '01', series: 'F001', number: index } } : {}),
  };
}

export function* syntheticProposalRows(
  count: number,
  receiverRuc: string,
  period: string,
): Generator<ProposalRowInput> {
  for (let index = 0; index < count; index++)
    yield syntheticProposalRow(index, receiverRuc, period);
}
