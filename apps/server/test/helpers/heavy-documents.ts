import { fixture, SAMPLES } from './fixtures.js';

/**
 * Real invoice F001-3 with its texts blown up the ways an attacker or a
 * careless issuer would: each shape of the "no document can stall the portal"
 * table. The number changes per shape so each publishes as its own document;
 * date and total stay, so the consultation proof is the sample's.
 */
export interface HeavyShape {
  name: string;
  number: number;
  description?: string;
  supplierName?: string;
  customerName?: string;
  /** Raw XML of the notes, replacing the sample's. */
  notesXml?: string;
  /** The sample's one line repeated this many times: a long table, hundreds of pages. */
  lineCopies?: number;
}

const MIB = 1024 * 1024;

function ordinaryWords(count: number): string {
  const words = ['servicio', 'de', 'mantenimiento', 'preventivo', 'para', 'equipos', 'mes'];
  return Array.from({ length: count }, (_, index) => words[index % words.length]).join(' ');
}

export const HEAVY_SHAPES: readonly HeavyShape[] = [
  {
    name: "one line's description: 10 000 characters, no space",
    number: 101,
    description: 'A'.repeat(10_000),
  },
  { name: 'the same with 100 000 characters', number: 102, description: 'B'.repeat(100_000) },
  {
    name: 'description of 1 MiB, one word; supplier name 2 MiB; customer name 3 MiB',
    number: 103,
    description: 'C'.repeat(MIB),
    supplierName: `EMPRESA ${'D'.repeat(2 * MIB)}`,
    customerName: 'E'.repeat(3 * MIB),
  },
  {
    name: 'a note of 9 MiB: CDATA, character references and &amp;',
    number: 104,
    notesXml: `<cbc:Note><![CDATA[${'F'.repeat(4 * MIB)}]]>${'&#x41;'.repeat(500_000)}${'&amp;'.repeat(400_000)}</cbc:Note>`,
  },
  {
    name: 'description of 200 000 ordinary words',
    number: 105,
    description: ordinaryWords(200_000),
  },
  {
    name: '2 000 notes of 300 characters',
    number: 106,
    notesXml: Array.from(
      { length: 2_000 },
      (_, index) => `<cbc:Note>${`Nota ${index} `.padEnd(300, 'x')}</cbc:Note>`,
    ).join(''),
  },
];

/** `description` of `length` characters with no space, as the render bench needs. */
export function longWordShape(length: number, number: number): HeavyShape {
  return { name: `description of ${length} characters`, number, description: 'G'.repeat(length) };
}

function replaceElement(xml: string, element: string, occurrence: number, text: string): string {
  const pattern = new RegExp(`<${element}>[^<]*</${element}>`, 'g');
  let seen = -1;
  return xml.replace(pattern, (match) => {
    seen += 1;
    return seen === occurrence ? `<${element}>${text}</${element}>` : match;
  });
}

/** The XML bytes of a shape (ISO-8859-1 like the sample it comes from). */
export async function heavyXml(shape: HeavyShape): Promise<Buffer> {
  let xml = (await fixture(SAMPLES.factura3.file)).toString('latin1');
  xml = xml.replace('<cbc:ID>F001-3</cbc:ID>', `<cbc:ID>F001-${shape.number}</cbc:ID>`);
  if (shape.description !== undefined) {
    xml = replaceElement(xml, 'cbc:Description', 0, shape.description);
  }
  if (shape.supplierName !== undefined) {
    xml = replaceElement(xml, 'cbc:RegistrationName', 0, shape.supplierName);
  }
  if (shape.customerName !== undefined) {
    xml = replaceElement(xml, 'cbc:RegistrationName', 1, shape.customerName);
  }
  if (shape.lineCopies !== undefined) {
    const line = /<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/.exec(xml)![0];
    const copies = Array.from({ length: shape.lineCopies }, (_, index) =>
      line.replace(/<cbc:ID>1<\/cbc:ID>/, `<cbc:ID>${index + 1}</cbc:ID>`),
    );
    xml = xml.replace(line, copies.join('\n'));
  }
  if (shape.notesXml !== undefined) {
    xml = xml.replace(/<cbc:Note languageLocaleID="2006">[^<]*<\/cbc:Note>/, shape.notesXml);
  }
  return Buffer.from(xml, 'latin1');
}

/** The consultation proof of a shape. */
export function heavyProof(shape: HeavyShape) {
  const sample = SAMPLES.factura3;
  return {
    emisor: sample.emisor,
    tipo: sample.tipo,
    documento: `F001-${shape.number}`,
    fecha: sample.fecha,
    total: sample.total,
  };
}
