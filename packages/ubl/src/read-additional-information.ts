import { decimalAt } from './read-values.js';
import { all, textAt } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/** A `sac:AdditionalMonetaryTotal` of UBL 2.0 (catalogue 14: 1001 taxed base, 2003 detraction…). */
export interface AdditionalMonetaryTotal {
  amount: string | null;
  percent: string | null;
}

/** A `sac:AdditionalProperty` of UBL 2.0 (catalogue 15: 1000 amount in words, 3001 account…). */
export interface AdditionalProperty {
  code: string;
  value: string;
}

/**
 * What UBL 2.0 documents say in SUNAT's extension block instead of in UBL
 * elements: the bases by kind of operation, legends and detraction data.
 */
export interface AdditionalInformation {
  monetaryTotals: ReadonlyMap<string, AdditionalMonetaryTotal>;
  properties: readonly AdditionalProperty[];
}

export const ADDITIONAL_INFORMATION_PATH =
  'ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent/sac:AdditionalInformation';

export function readAdditionalInformation(root: XmlElement): AdditionalInformation {
  const monetaryTotals = new Map<string, AdditionalMonetaryTotal>();
  const properties: AdditionalProperty[] = [];
  const blocks = all(root, ADDITIONAL_INFORMATION_PATH);
  for (const block of blocks) {
    for (const total of all(block, 'sac:AdditionalMonetaryTotal')) {
      const code = textAt(total, 'cbc:ID');
      if (code === null || monetaryTotals.has(code)) continue;
      monetaryTotals.set(code, {
        amount: decimalAt(total, 'cbc:PayableAmount'),
        percent: decimalAt(total, 'cbc:Percent'),
      });
    }
    for (const property of all(block, 'sac:AdditionalProperty')) {
      const code = textAt(property, 'cbc:ID');
      const value = textAt(property, 'cbc:Value');
      if (code !== null && value !== null) properties.push({ code, value });
    }
  }
  return { monetaryTotals, properties };
}
