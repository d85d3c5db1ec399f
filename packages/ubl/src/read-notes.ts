import type { AdditionalInformation } from './read-additional-information.js';
import type { UblNote } from './types.js';
import { all, attributeOf, textOf } from './xml-query.js';
import type { XmlElement } from './xml-tree.js';

/**
 * Legends and free notes: UBL 2.1 `cbc:Note` with the catalogue 52 code in
 * `@languageLocaleID`, and UBL 2.0 `sac:AdditionalProperty` (catalogue 15).
 */
export function readNotes(root: XmlElement, additional: AdditionalInformation): UblNote[] {
  const notes: UblNote[] = [];
  for (const note of all(root, 'cbc:Note')) {
    const text = textOf(note);
    if (text !== null) notes.push({ code: attributeOf(note, 'languageLocaleID'), text });
  }
  for (const { code, value } of additional.properties) notes.push({ code, text: value });
  return notes;
}
