import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { C14nCanonicalization, ExclusiveCanonicalization } from 'xml-crypto';
import { fixtureBytes, fixtureFileNames } from '../test/fixtures.js';
import { decodeXml } from './decode-xml.js';
import {
  C14N,
  C14N_WITH_COMMENTS,
  canonicalizeDocument,
  canonicalizeElement,
  EXC_C14N,
  EXC_C14N_WITH_COMMENTS,
  recordXml,
  type OpenEvent,
  type RecordedXml,
} from './xml-c14n.js';

/** xml-crypto's C14N of an element, the form signatures have been checked against until now. */
function reference(xml: string, exclusive: boolean, prefixList: string[] = []): string {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  return exclusive
    ? new ExclusiveCanonicalization().process(root, { inclusiveNamespacesPrefixList: prefixList })
    : new C14nCanonicalization().process(root, {});
}

function rootOf(xml: string, exclusive: boolean, prefixList: string[] = []): string {
  return canonicalizeDocument(recordXml(xml), {
    algorithm: exclusive ? EXC_C14N : C14N,
    prefixList,
  });
}

/** Open event of the first element with this local name. */
function elementNamed(recorded: RecordedXml, local: string): number {
  return recorded.events.findIndex((event) => event.kind === 'open' && event.local === local);
}

const xmlFixtures = fixtureFileNames().filter(
  (name) => /\.xml$/i.test(name) && name !== 'EjemploPercepcion.xml',
);

const fixtureXml = (name: string): string => decodeXml(fixtureBytes(name), 10_000_000);

describe('canonical XML of every fixture, as xml-crypto writes it', () => {
  // xml-crypto canonicalizes the root element: what lies around it is compared further down.
  it.each(xmlFixtures)('%s', (name) => {
    const xml = fixtureXml(name);
    const recorded = recordXml(xml);
    expect(canonicalizeElement(recorded, recorded.root, { algorithm: C14N })).toBe(
      reference(xml, false),
    );
    expect(canonicalizeElement(recorded, recorded.root, { algorithm: EXC_C14N })).toBe(
      reference(xml, true),
    );
  });
});

const TRICKY: Readonly<Record<string, string>> = {
  'namespace redeclared with another value': `<a xmlns:p="urn:1"><p:b xmlns:p="urn:2"><p:c xmlns:p="urn:2"/></p:b><p:d/></a>`,
  'default namespace undeclared': `<a xmlns="urn:d"><b xmlns=""><c/></b><d xmlns="urn:d"/></a>`,
  'superfluous declarations': `<a xmlns="urn:d" xmlns:p="urn:p"><b xmlns="urn:d" xmlns:p="urn:p" p:x="1"/></a>`,
  'attributes ordered by namespace then name': `<a xmlns:z="urn:a" xmlns:b="urn:b" z:c="1" b:a="2" y="3" x="4" xmlns:q="urn:0" q:z="5"/>`,
  'CDATA and character references': `<a>x<![CDATA[<&>"]]>y&#60;&#x3E;&amp;&#13;&#xD;z</a>`,
  'line breaks and tabs in attributes': `<a v="1&#9;2&#10;3&#13;4" w="a\tb\nc" q="&quot;&lt;&gt;&amp;"/>`,
  'empty elements as pairs': `<a><b/><c></c><d x="1"/></a>`,
  'unused namespaces': `<a xmlns:u="urn:u" xmlns:v="urn:v"><b><u:c/></b></a>`,
  'prefixed root and children with the default namespace': `<p:a xmlns:p="urn:p" xmlns="urn:d"><b/><p:c/></p:a>`,
  'comments inside the root': `<a><!-- one --><b>t<!--two--></b></a>`,
  'non-ASCII text': `<a n="ñandú">café — 𝄞</a>`,
};

describe('canonical XML of tricky documents, as xml-crypto writes it', () => {
  it.each(Object.entries(TRICKY))('%s', (_, xml) => {
    expect(rootOf(xml, false)).toBe(reference(xml, false));
    expect(rootOf(xml, true)).toBe(reference(xml, true));
  });

  it('exclusive C14N with an InclusiveNamespaces PrefixList', () => {
    const xml = `<a xmlns:p="urn:p" xmlns:q="urn:q" xmlns:r="urn:r"><b><q:c/></b></a>`;
    expect(rootOf(xml, true, ['p'])).toBe(reference(xml, true, ['p']));
    expect(rootOf(xml, true, ['p'])).toBe(
      '<a xmlns:p="urn:p"><b><q:c xmlns:q="urn:q"></q:c></b></a>',
    );
  });
});

describe('what C14N says where xml-crypto does not go', () => {
  const xml = `<?xml version="1.0"?>\n<?lead in?>\n<!--before-->\n<a><?pi body?><!--c--></a>\n<!--after-->\n<?tail?>\n`;

  it('processing instructions and comments around the root, joined by line breaks', () => {
    expect(canonicalizeDocument(recordXml(xml), { algorithm: C14N_WITH_COMMENTS })).toBe(
      '<?lead in?>\n<!--before-->\n<a><?pi body?><!--c--></a>\n<!--after-->\n<?tail?>',
    );
    expect(canonicalizeDocument(recordXml(xml), { algorithm: C14N })).toBe(
      '<?lead in?>\n<a><?pi body?></a>\n<?tail?>',
    );
    expect(
      canonicalizeDocument(recordXml(xml), { algorithm: EXC_C14N_WITH_COMMENTS, comments: false }),
    ).toBe('<?lead in?>\n<a><?pi body?></a>\n<?tail?>');
  });

  it('namespaces in code point order, not by locale', () => {
    const mixed = `<a xmlns:b="urn:b" xmlns:B="urn:B" xmlns:a="urn:a"/>`;
    expect(rootOf(mixed, false)).toBe('<a xmlns:B="urn:B" xmlns:a="urn:a" xmlns:b="urn:b"></a>');
  });

  it('an element left out with its content', () => {
    const recorded = recordXml(`<a><b>x</b><s><t/></s><c/></a>`);
    expect(
      canonicalizeDocument(recorded, { algorithm: C14N, omit: elementNamed(recorded, 's') }),
    ).toBe('<a><b>x</b><c></c></a>');
  });
});

describe('a document subset headed by an element', () => {
  const xml =
    `<r xmlns="urn:root" xmlns:p="urn:p" xmlns:u="urn:unused" xml:lang="es">` +
    `<p:s xmlns:x="urn:x" xml:space="preserve"><p:i Id="1"><p:m A="z"/><x:n/></p:i></p:s></r>`;
  const recorded = recordXml(xml);
  const signedInfo = elementNamed(recorded, 'i');

  it('inclusive: every namespace in scope and the xml:* attributes of its ancestors', () => {
    expect(canonicalizeElement(recorded, signedInfo, { algorithm: C14N })).toBe(
      '<p:i xmlns="urn:root" xmlns:p="urn:p" xmlns:u="urn:unused" xmlns:x="urn:x" Id="1" xml:lang="es" xml:space="preserve">' +
        '<p:m A="z"></p:m><x:n></x:n></p:i>',
    );
  });

  it('exclusive: only what it uses, and what the PrefixList names', () => {
    expect(canonicalizeElement(recorded, signedInfo, { algorithm: EXC_C14N })).toBe(
      '<p:i xmlns:p="urn:p" Id="1"><p:m A="z"></p:m><x:n xmlns:x="urn:x"></x:n></p:i>',
    );
    expect(
      canonicalizeElement(recorded, signedInfo, {
        algorithm: EXC_C14N,
        prefixList: ['u', '#default'],
      }),
    ).toBe(
      '<p:i xmlns="urn:root" xmlns:p="urn:p" xmlns:u="urn:unused" Id="1"><p:m A="z"></p:m><x:n xmlns:x="urn:x"></x:n></p:i>',
    );
  });

  it('matches xml-crypto on the SignedInfo of every signed fixture', () => {
    for (const name of xmlFixtures) {
      const text = fixtureXml(name);
      const recordedFixture = recordXml(text);
      const index = recordedFixture.events.findIndex(
        (event) =>
          event.kind === 'open' &&
          event.local === 'SignedInfo' &&
          event.uri === 'http://www.w3.org/2000/09/xmldsig#',
      );
      if (index < 0) continue;
      const dom = new DOMParser().parseFromString(text, 'text/xml');
      const element = dom.getElementsByTagNameNS(
        'http://www.w3.org/2000/09/xmldsig#',
        'SignedInfo',
      )[0]!;
      const ancestors: { prefix: string; namespaceURI: string }[] = [];
      let scope = new Map<string, string>();
      for (let parent = (recordedFixture.events[index] as OpenEvent).parent; parent >= 0;) {
        const event = recordedFixture.events[parent] as OpenEvent;
        const inner = scope;
        scope = new Map(event.declarations);
        for (const [prefix, uri] of inner) scope.set(prefix, uri);
        parent = event.parent;
      }
      const own = recordedFixture.events[index] as OpenEvent;
      for (const [prefix, namespaceURI] of scope) {
        if (
          prefix !== own.prefix &&
          !own.declarations.some(([p]) => p === prefix) &&
          namespaceURI !== ''
        ) {
          ancestors.push({ prefix, namespaceURI });
        }
      }
      expect(canonicalizeElement(recordedFixture, index, { algorithm: C14N }), name).toBe(
        new C14nCanonicalization().process(element, { ancestorNamespaces: ancestors }),
      );
      expect(canonicalizeElement(recordedFixture, index, { algorithm: EXC_C14N }), name).toBe(
        new ExclusiveCanonicalization().process(element, {}),
      );
    }
  });
});
