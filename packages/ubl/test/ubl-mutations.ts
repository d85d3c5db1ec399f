import fc from 'fast-check';

/**
 * Mutations of real UBL documents for property-based tests: what a broken
 * integration or an attacker may send instead of a document SUNAT accepted.
 */

/**
 * Runs are repeatable where it matters: CI uses a fixed seed (FUZZ_SEED
 * overrides it); elsewhere every run tries new cases and prints the seed
 * that replays them.
 */
export function fuzzParameters(label: string, numRuns: number): fc.Parameters<unknown> {
  const fixed = process.env.FUZZ_SEED;
  const seed =
    fixed !== undefined && fixed !== ''
      ? Number(fixed)
      : process.env.CI
        ? 20_261_123
        : Math.floor(Math.random() * 2 ** 31);
  console.info(`${label}: ${numRuns} cases, seed ${seed} (replay with FUZZ_SEED=${seed})`);
  return { seed, numRuns, endOnFailure: true };
}

const ODD_NUMBERS = [
  '-8.44',
  '-0',
  '-0.00',
  '+5',
  '.5',
  '5.',
  '-',
  '.',
  '',
  ' ',
  '1e308',
  '-1E-400',
  'NaN',
  'Infinity',
  '0x1F',
  '1_000',
  '1,180.00',
  '11,80',
  '１２３',
  '٣',
  '12345678901234567.89',
  '99999999999999999999.999',
  '9999999999999999.995',
  '-9999999999999999.99',
  '0.000000000000000000000000000001',
  '9'.repeat(64),
  '9'.repeat(65),
  `-${'9'.repeat(5000)}`,
  '2147483648',
  '-2147483649',
  '99999999',
  '100000000',
  '00000000000000001',
];

const ODD_DATES = [
  '0000-00-00',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-04-31',
  '9999-12-31',
  '99999-01-01',
  '+002024-01-01',
  '-2024-01-01',
  '2024-1-1',
  '2024-01-01T25:61:61',
  '2024-01-01Z',
  '2024-01-01+14:00',
  '2024-01-01-99:99',
  '24/11/2024',
  '',
  '２０２４-０１-０１',
];

const ODD_TEXTS = [
  '',
  ' ',
  '\u0000',
  '&#0;',
  '&#x0;',
  '&#xD800;',
  '&#xFFFE;',
  '&#x10FFFF;',
  '&#1114112;',
  '&amp;&lt;&gt;&quot;&apos;',
  '&undefined;',
  '<![CDATA[x]]>',
  ']]>',
  '\uFEFF',
  '\u202E',
  '%PDF-1.4',
  'F001-0',
  'F001-123456789',
  'F001--1',
  'ÑAND\u00FA',
  '😀'.repeat(10),
  'x'.repeat(20_000),
];

const UBL_NAMES = [
  'cbc:ID',
  'cbc:IssueDate',
  'cbc:DueDate',
  'cbc:PayableAmount',
  'cbc:TaxAmount',
  'cbc:InvoiceTypeCode',
  'cbc:UBLVersionID',
  'cbc:DocumentCurrencyCode',
  'cac:LegalMonetaryTotal',
  'cac:RequestedMonetaryTotal',
  'cac:TaxTotal',
  'cac:InvoiceLine',
  'cac:AccountingSupplierParty',
  'cac:AccountingCustomerParty',
  'Invoice',
  'CreditNote',
  'DebitNote',
  'ApplicationResponse',
  'x:y',
  'undeclared:Prefix',
  '',
];

const HOSTILE_PROLOGS = [
  '<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
  '<!DOCTYPE Invoice SYSTEM "http://127.0.0.1:1/dtd">',
  `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
    { length: 9 },
    (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`,
  ).join('')}]>`,
  '<!DOCTYPE Invoice [<!ENTITY % p SYSTEM "http://127.0.0.1:1/p">%p;]>',
  '<!ENTITY x "y">',
  '<?xml-stylesheet href="http://127.0.0.1:1/x.xsl"?>',
  '<!-- unterminated',
  '<?xml version="1.0" encoding="UTF-16"?>',
  '<?xml version="1.0" encoding="EBCDIC-CP-US"?>',
  '<?xml version="1.1"?>',
  '\uFEFF\uFEFF',
];

/** Every element whose text looks like one of the given kinds, by position in the text. */
function textPositions(text: string, name: RegExp): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const pattern = new RegExp(`<(${name.source})(\\s[^>]*)?>([^<]*)</\\1>`, 'g');
  for (const match of text.matchAll(pattern)) {
    const start = match.index + match[0].indexOf('>') + 1;
    found.push({ start, end: start + match[3]!.length });
  }
  return found;
}

function replaceAt(text: string, index: number, length: number, value: string): string {
  return text.slice(0, index) + value + text.slice(index + length);
}

type Mutation = (text: string) => string;

const AMOUNT_ELEMENTS = /[\w]+:[\w]*(?:Amount|Quantity|Percent|Numeric)/;
const DATE_ELEMENTS = /[\w]+:[\w]*(?:Date|Time)/;
const ANY_ELEMENT = /[\w]+:[\w]+/;

function inElement(kind: RegExp, values: fc.Arbitrary<string>): fc.Arbitrary<Mutation> {
  return fc.tuple(fc.nat(), values).map(([pick, value]) => (text: string) => {
    const positions = textPositions(text, kind);
    if (positions.length === 0) return text;
    const { start, end } = positions[pick % positions.length]!;
    return replaceAt(text, start, end - start, value);
  });
}

const truncation: fc.Arbitrary<Mutation> = fc
  .noBias(fc.integer({ min: 1, max: 999 }))
  .map((perMille) => (text: string) => text.slice(0, Math.floor((text.length * perMille) / 1000)));

/** Mostly characters that keep the XML well formed, so the flip reaches the reader's rules. */
const flippedCharacter = fc.oneof(
  { arbitrary: fc.constantFrom(...'0123456789-+.,eE AZaz:/'), weight: 4 },
  {
    arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    weight: 1,
  },
);

const byteFlips: fc.Arbitrary<Mutation> = fc
  .array(fc.tuple(fc.nat(), flippedCharacter), { minLength: 1, maxLength: 8 })
  .map((flips) => (text: string) => {
    let mutated = text;
    for (const [position, character] of flips) {
      if (mutated.length === 0) break;
      mutated = replaceAt(mutated, position % mutated.length, 1, character);
    }
    return mutated;
  });

const renamedTag: fc.Arbitrary<Mutation> = fc
  .tuple(
    fc.nat(),
    fc.oneof(fc.constantFrom(...UBL_NAMES), fc.string({ maxLength: 12 })),
    fc.boolean(),
  )
  .map(([pick, name, both]) => (text: string) => {
    const tags = [...text.matchAll(/<([\w]+:)?[\w]+(?=[\s/>])/g)];
    if (tags.length === 0) return text;
    const tag = tags[pick % tags.length]!;
    const old = tag[0].slice(1);
    const renamed = replaceAt(text, tag.index + 1, old.length, name);
    return both ? renamed.replace(`</${old}>`, `</${name}>`) : renamed;
  });

const hugeValue: fc.Arbitrary<Mutation> = inElement(
  ANY_ELEMENT,
  fc.oneof(
    fc.constantFrom('9'.repeat(20_000), 'A'.repeat(100_000), '&amp;'.repeat(10_000)),
    fc.integer({ min: 1, max: 500 }).map((count) => '<cbc:Note>x</cbc:Note>'.repeat(count)),
  ),
);

const deepNesting: fc.Arbitrary<Mutation> = fc
  .integer({ min: 100, max: 5_000 })
  .map((depth) => (text: string) => {
    const at = text.indexOf('</cbc:ID>');
    if (at < 0) return text;
    return `${text.slice(0, at)}${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}${text.slice(at)}`;
  });

const hostileProlog: fc.Arbitrary<Mutation> = fc
  .constantFrom(...HOSTILE_PROLOGS)
  .map((prolog) => (text: string) => {
    const declaration = /^\uFEFF?<\?xml[^>]*\?>/.exec(text)?.[0] ?? '';
    return declaration + prolog + text.slice(declaration.length);
  });

const oddText: fc.Arbitrary<Mutation> = inElement(ANY_ELEMENT, fc.constantFrom(...ODD_TEXTS));

const oddAttribute: fc.Arbitrary<Mutation> = fc
  .tuple(
    fc.nat(),
    fc.constantFrom('currencyID', 'schemeID', 'unitCode'),
    fc.constantFrom(...ODD_TEXTS, 'XXX', 'pen'),
  )
  .map(([pick, name, value]) => (text: string) => {
    const found = [...text.matchAll(new RegExp(`${name}="[^"]*"`, 'g'))];
    if (found.length === 0) return text;
    const match = found[pick % found.length]!;
    return replaceAt(text, match.index, match[0].length, `${name}="${value}"`);
  });

/** One mutation of a real document's text; several may pile up. */
export const ublMutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: truncation, weight: 2 },
  { arbitrary: byteFlips, weight: 3 },
  { arbitrary: renamedTag, weight: 3 },
  // Large inputs cost the most time per case: a few of them cover the class.
  { arbitrary: hugeValue, weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
  { arbitrary: hostileProlog, weight: 1 },
  { arbitrary: oddText, weight: 3 },
  { arbitrary: oddAttribute, weight: 2 },
  {
    arbitrary: inElement(
      AMOUNT_ELEMENTS,
      fc.oneof(fc.constantFrom(...ODD_NUMBERS), fc.double().map(String)),
    ),
    weight: 4,
  },
  {
    arbitrary: inElement(
      DATE_ELEMENTS,
      fc.oneof(fc.constantFrom(...ODD_DATES), fc.string({ maxLength: 30 })),
    ),
    weight: 3,
  },
);

/** A real document's text with one to three mutations applied. */
export function mutatedDocument(bases: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...bases), fc.array(ublMutation, { minLength: 1, maxLength: 3 }))
    .map(([base, mutations]) => mutations.reduce((text, mutate) => mutate(text), base));
}

/** Text back to bytes: Latin-1 where every character fits, UTF-8 otherwise. */
export function documentBytes(text: string): Uint8Array {
  // eslint-disable-next-line no-control-regex
  return /^[\u0000-\u00ff]*$/.test(text)
    ? Uint8Array.from(text, (character) => character.charCodeAt(0))
    : new TextEncoder().encode(text);
}
