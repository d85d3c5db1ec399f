import { describe, expect, it } from 'vitest';
import { UblError } from './errors.js';
import { elementFilter } from './xml-query.js';
import { DEFAULT_XML_LIMITS, parseXmlTree, type XmlElement } from './xml-tree.js';

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

  describe('with only some paths to build', () => {
    const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
    const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
    const document =
      `<Invoice xmlns:cbc="${CBC}" xmlns:cac="${CAC}">` +
      '<cbc:ID>F001-1</cbc:ID><cbc:Note>uno</cbc:Note>' +
      '<cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item><cbc:Description>x</cbc:Description></cac:Item></cac:InvoiceLine>' +
      '<cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:Amount>1</cbc:Amount></cac:PaymentTerms>' +
      '</Invoice>';
    const only = elementFilter(['cbc:Note', 'cac:PaymentTerms', 'cac:InvoiceLine/cbc:ID']);

    it('builds those paths and everything below their ends, and nothing else', () => {
      const root = parseXmlTree(document, DEFAULT_XML_LIMITS, undefined, only);
      const shape = (element: XmlElement): unknown => ({
        [element.local]: element.children.length > 0 ? element.children.map(shape) : element.text,
      });
      expect(shape(root)).toEqual({
        Invoice: [
          { Note: 'uno' },
          { InvoiceLine: [{ ID: '1' }] },
          { PaymentTerms: [{ ID: 'FormaPago' }, { Amount: '1' }] },
        ],
      });
    });

    it('still holds what it skips to the limits', () => {
      const limits = { ...DEFAULT_XML_LIMITS, maxDepth: 3, maxElements: 9 };
      expect(() => parseXmlTree(document, limits, undefined, only)).toThrow(
        'El XML es demasiado complejo: supera 3 niveles de anidamiento.',
      );
      expect(() =>
        parseXmlTree(document, { ...DEFAULT_XML_LIMITS, maxElements: 9 }, undefined, only),
      ).toThrow('El XML es demasiado complejo: supera 9 elementos.');
    });

    it('still refuses what is not well-formed in a skipped part', () => {
      expect(() =>
        parseXmlTree(document.replace('</cac:Item>', '</cac:Items>'), undefined, undefined, only),
      ).toThrow(UblError);
    });
  });
});
