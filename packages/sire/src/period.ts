/** A tax period as SIRE writes it: `AAAAMM`. */
const PERIOD = /^\d{4}(?:0[1-9]|1[0-2])$/;

export function isPeriod(text: string): boolean {
  return PERIOD.test(text);
}

/** "12/2025" for "202512": how a period reads in a message. */
export function formatPeriod(period: string): string {
  return `${period.slice(4, 6)}/${period.slice(0, 4)}`;
}
