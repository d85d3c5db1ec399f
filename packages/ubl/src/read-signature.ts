import type { UblSignature } from './types.js';
import { all, first, textAt, textOf } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/** Base64 wrapped over several lines is one value. */
function withoutSpaces(text: string | null): string | null {
  return text === null ? null : text.replace(/ /g, '');
}

/**
 * Whether the document carries a signature with a value, and its first digest
 * (the "hash" SUNAT prints in the QR). The signature is not verified here.
 */
export function readSignature(root: XmlElement): UblSignature {
  const signatures = all(
    root,
    'ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent/ds:Signature',
  );
  const signed = signatures.find((signature) => textAt(signature, 'ds:SignatureValue') !== null);
  const signature = signed ?? signatures[0] ?? null;
  return {
    present: signed !== undefined,
    digestValue: withoutSpaces(
      textOf(first(signature, 'ds:SignedInfo/ds:Reference/ds:DigestValue')),
    ),
  };
}
