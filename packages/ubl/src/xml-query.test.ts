import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../test/synthetic-documents.js';
import { all, attributeOf, first, textAt, textOf } from './xml-query.js';
import { parseXmlTree } from './xml-tree.js';

const root = parseXmlTree(
  `<root ${NAMESPACES} xmlns:other="urn:other">` +
    '<cac:Party><cbc:ID schemeID=" 6 ">  </cbc:ID></cac:Party>' +
    '<cac:Party><other:ID>wrong namespace</other:ID><cbc:ID schemeID="">\n  20100070970\n  </cbc:ID></cac:Party>' +
    '<cbc:Note>first   line\n\tsecond line</cbc:Note>' +
    '</root>',
);

describe('element paths', () => {
  it('find the first match in document order, across repeated parents', () => {
    expect(first(root, 'cac:Party/cbc:ID')?.text).toBe('  ');
    expect(all(root, 'cac:Party/cbc:ID')).toHaveLength(2);
  });

  it('match the namespace, not only the local name', () => {
    expect(all(root, 'cac:Party/cbc:ID').map((id) => id.uri)).toEqual([
      'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    ]);
  });

  it('answer nothing below nothing', () => {
    expect(first(null, 'cac:Party')).toBeNull();
    expect(all(null, 'cac:Party')).toEqual([]);
    expect(first(root, 'cac:Missing/cbc:ID')).toBeNull();
  });

  it('refuse a prefix of their own they do not know', () => {
    expect(() => first(root, 'foo:Party')).toThrow("Unknown prefix or malformed step 'foo:Party'");
    expect(() => first(root, 'Party')).toThrow(Error);
  });
});

describe('text', () => {
  it('is trimmed, with inner runs of white space made one space', () => {
    expect(textAt(root, 'cbc:Note')).toBe('first line second line');
  });

  it('skips blank placeholders for the first real value', () => {
    expect(textAt(root, 'cac:Party/cbc:ID')).toBe('20100070970');
  });

  it('is null when blank or absent', () => {
    expect(textOf(first(root, 'cac:Party/cbc:ID'))).toBeNull();
    expect(textOf(null)).toBeNull();
    expect(textAt(root, 'cbc:Missing')).toBeNull();
  });
});

describe('attributes', () => {
  it('are trimmed, and null when blank or absent', () => {
    const [blankValue, withValue] = all(root, 'cac:Party/cbc:ID');
    expect(attributeOf(blankValue!, 'schemeID')).toBe('6');
    expect(attributeOf(withValue!, 'schemeID')).toBeNull();
    expect(attributeOf(withValue!, 'missing')).toBeNull();
    expect(attributeOf(null, 'schemeID')).toBeNull();
  });
});
