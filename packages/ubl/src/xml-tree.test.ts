import { describe, expect, it } from 'vitest';
import { UblError } from './errors.js';
import { DEFAULT_XML_LIMITS, parseXmlTree } from './xml-tree.js';

function refusal(text: string, limits = DEFAULT_XML_LIMITS): UblError {
  try {
    parseXmlTree(text, limits);
  } catch (error) {
    if (error instanceof UblError) return error;
    throw error;
  }
  throw new Error('the XML was accepted');
}

describe('parseXmlTree', () => {
  it('resolves every element to its namespace URI and local name', () => {
    const root = parseXmlTree(
      '<r:root xmlns:r="urn:r" xmlns="urn:d"><child/><x:other xmlns:x="urn:x"/></r:root>',
    );
    expect(root).toMatchObject({ uri: 'urn:r', local: 'root' });
    expect(root.children.map(({ uri, local }) => ({ uri, local }))).toEqual([
      { uri: 'urn:d', local: 'child' },
      { uri: 'urn:x', local: 'other' },
    ]);
  });

  it('keeps only unqualified attributes, by local name', () => {
    const root = parseXmlTree('<a xmlns:p="urn:p" currencyID="PEN" p:schemeID="6"/>');
    expect(root.attributes).toEqual({ currencyID: 'PEN' });
  });

  it('concatenates text and CDATA of an element, leaving children out', () => {
    const root = parseXmlTree('<a> one <![CDATA[<two>]]><b>three</b> &amp; four </a>');
    expect(root.text).toBe(' one <two> & four ');
    expect(root.children[0]!.text).toBe('three');
  });

  it('reports where a document stops being well-formed', () => {
    const error = refusal('<a>\n  <b></c>\n</a>');
    expect(error.code).toBe('malformed');
    // Zero-based, at the '>' that closes the mismatched tag.
    expect(error.message).toBe('El XML no está bien formado (línea 2, columna 8).');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('refuses a document that ends before its root closes', () => {
    expect(refusal('<a><b>').code).toBe('malformed');
  });

  it('refuses two roots and an unbound prefix', () => {
    expect(refusal('<a/><b/>').code).toBe('malformed');
    expect(refusal('<p:a/>').code).toBe('malformed');
  });

  it('applies the limits it is given', () => {
    const limits = { maxDepth: 3, maxElements: 5, maxAttributesPerElement: 2, maxAttributes: 4 };
    expect(parseXmlTree('<a><b><c/></b></a>', limits).local).toBe('a');
    expect(refusal('<a><b><c><d/></c></b></a>', limits).message).toBe(
      'El XML es demasiado complejo: supera 3 niveles de anidamiento.',
    );
    expect(refusal('<a><b/><b/><b/><b/><b/></a>', limits).message).toBe(
      'El XML es demasiado complejo: supera 5 elementos.',
    );
    expect(refusal('<a x="1" y="2" z="3"/>', limits).code).toBe('too_large');
    expect(refusal('<a x="1" y="2"><b x="1" y="2"><c x="1"/></b></a>', limits).code).toBe(
      'too_large',
    );
  });
});
