import { keyword } from './keyword.js';
import { declaredDecimalAt } from './read-values.js';
import type { UblPerception, UblRetention } from './types.js';
import { all, attributeOf, first, textAt } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/**
 * Percepción and IGV retention as the issuer declares them on a UBL 2.1
 * invoice: document-level `cac:AllowanceCharge` entries with a catalogue 53
 * reason code. Amounts that are not numbers are left out rather than refused,
 * so that documents stored before these facts were read keep being readable.
 */

const PERCEPTION_CODES: ReadonlySet<string> = new Set(['51', '52', '53']);
const RETENTION_CODE = '62';
const PERCEPTION_TERMS = 'percepcion';

/** xs:boolean: "true"/"1" or "false"/"0", as issuers write it in any case. */
function chargeIndicatorOf(charge: XmlElement): boolean | null {
  const text = textAt(charge, 'cbc:ChargeIndicator')?.toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return null;
}

function allowanceCharge(
  root: XmlElement,
  isCharge: boolean,
  matches: (code: string) => boolean,
): XmlElement | null {
  return (
    all(root, 'cac:AllowanceCharge').find((charge) => {
      const code = textAt(charge, 'cbc:AllowanceChargeReasonCode');
      return code !== null && matches(code) && chargeIndicatorOf(charge) === isCharge;
    }) ?? null
  );
}

function currencyOf(element: XmlElement | null): string | null {
  return attributeOf(first(element, 'cbc:Amount'), 'currencyID');
}

/** PaymentTerms "Percepcion" (any case, with or without the accent). */
function perceptionTerms(root: XmlElement): XmlElement | null {
  return (
    all(root, 'cac:PaymentTerms').find(
      (terms) => keyword(textAt(terms, 'cbc:ID')) === PERCEPTION_TERMS,
    ) ?? null
  );
}

export function readPerception(root: XmlElement): UblPerception | null {
  const charge = allowanceCharge(root, true, (code) => PERCEPTION_CODES.has(code));
  const terms = perceptionTerms(root);
  if (charge === null && terms === null) return null;
  return {
    code: textAt(charge, 'cbc:AllowanceChargeReasonCode'),
    rate: declaredDecimalAt(charge, 'cbc:MultiplierFactorNumeric'),
    amount: declaredDecimalAt(charge, 'cbc:Amount'),
    base: declaredDecimalAt(charge, 'cbc:BaseAmount'),
    totalWithPerception: declaredDecimalAt(terms, 'cbc:Amount'),
    currency: currencyOf(charge) ?? currencyOf(terms),
  };
}

export function readRetention(root: XmlElement): UblRetention | null {
  const charge = allowanceCharge(root, false, (code) => code === RETENTION_CODE);
  if (charge === null) return null;
  return {
    rate: declaredDecimalAt(charge, 'cbc:MultiplierFactorNumeric'),
    amount: declaredDecimalAt(charge, 'cbc:Amount'),
    base: declaredDecimalAt(charge, 'cbc:BaseAmount'),
    currency: currencyOf(charge),
  };
}
