/** SUNAT catalogue 05: tax codes and the short names documents print. */
export const TAX_SCHEME_NAMES: Readonly<Record<string, string>> = {
  '1000': 'IGV',
  '1016': 'IVAP',
  '2000': 'ISC',
  '7152': 'ICBPER',
  '9995': 'EXP',
  '9996': 'GRA',
  '9997': 'EXO',
  '9998': 'INA',
  '9999': 'OTROS',
};

export const IGV_CODE = '1000';

/**
 * Catalogue 07 codes of goods given away: withdrawals and bonuses (11–16,
 * 31–36) and free transfers (21, 37). Code 17 is IVAP, a paid sale.
 */
export const FREE_OF_CHARGE_AFFECTATIONS: ReadonlySet<string> = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '21',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
]);
