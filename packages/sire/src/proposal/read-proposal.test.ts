import { describe, expect, it } from 'vitest';
import {
  proposalFields,
  proposalFile,
  type ProposalFileOptions,
  type ProposalRowInput,
} from '../testing/proposal-file.js';
import { normalizeLabel, PROPOSAL_HEADER } from './columns.js';
import { ProposalFileError } from './errors.js';
import { readProposal } from './read-proposal.js';
import type { ProposalEntry, ProposalRow } from './types.js';

const RECEIVER = '20529929821';

const invoice: ProposalRowInput = {
  receiverRuc: RECEIVER,
  receiverName: 'CONSTRUCTORA ANDINA E.I.R.L.',
  period: '202512',
  supplierRuc: '20526422300',
  supplierName: "FERRETERÍA O'BRIEN & HIJOS S.A.C.",
  series: 'F001',
  number: 100286,
  issueDate: '2025-12-15',
  dueDate: '2025-12-15',
  baseDg: '535.97',
  igvDg: '96.47',
  total: '632.44',
  currency: 'USD',
  exchangeRate: '3.373',
};

const creditNote: ProposalRowInput = {
  receiverRuc: RECEIVER,
  period: '202512',
  supplierRuc: '20606901365',
  supplierName: 'ÑANDÚ COMERCIAL S.R.L.',
  type: '07',
  series: 'FN04',
  number: 239,
  issueDate: '2025-12-05',
  baseDg: '-313.56',
  igvDg: '-56.44',
  total: '-370.00',
  modified: { issueDate: '2025-12-05', type: '01', series: 'F004', number: 6416 },
};

const excludedEarlier: ProposalRowInput = {
  receiverRuc: RECEIVER,
  period: '202512',
  supplierRuc: '20100047218',
  supplierName: 'BANCO “DEL NORTE” – 20 €',
  series: 'FI01',
  number: 17682247,
  issueDate: '2025-03-20',
  nonTaxed: '40.50',
  total: '40.50',
  status: '2',
};

async function entriesOf(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<ProposalEntry[]> {
  const entries: ProposalEntry[] = [];
  for await (const entry of readProposal(chunks)) entries.push(entry);
  return entries;
}

async function rowsOf(file: Uint8Array): Promise<ProposalRow[]> {
  return (await entriesOf([file])).map((entry) => {
    if (entry.kind !== 'row') throw new Error(entry.error.message);
    return entry.row;
  });
}

function inPieces(file: Uint8Array, size: number): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < file.length; at += size) pieces.push(file.subarray(at, at + size));
  return pieces;
}

async function refusal(file: Uint8Array): Promise<ProposalFileError> {
  const error: unknown = await entriesOf([file]).catch((thrown: unknown) => thrown);
  if (!(error instanceof ProposalFileError)) throw new Error(`not refused: ${String(error)}`);
  return error;
}

const text = (content: string) => new TextEncoder().encode(content);

describe('reading a proposal', () => {
  const formats: [string, ProposalFileOptions][] = [
    ['comma CSV in UTF-8 with escaped names', { format: 'csv' }],
    ['comma CSV in UTF-8 with a BOM', { format: 'csv', bom: true }],
    ['pipe TXT in Latin-1', { format: 'txt' }],
    ['pipe TXT in UTF-8 with a BOM', { format: 'txt', encoding: 'utf-8', bom: true }],
    ['pipe TXT in UTF-8, HTML-escaped', { format: 'txt', encoding: 'utf-8', escapeNames: true }],
  ];

  it.each(formats)('reads a %s', async (_, options) => {
    const [first, second, third] = await rowsOf(
      proposalFile([invoice, creditNote, excludedEarlier], options),
    );
    expect(first).toEqual({
      line: 2,
      car: '2052642230001F0010000100286',
      receiverRuc: RECEIVER,
      receiverName: 'CONSTRUCTORA ANDINA E.I.R.L.',
      period: '202512',
      issueDate: '2025-12-15',
      dueDate: '2025-12-15',
      type: '01',
      series: 'F001',
      number: '100286',
      lastNumber: null,
      supplierIdType: '6',
      supplierId: '20526422300',
      supplierName: "FERRETERÍA O'BRIEN & HIJOS S.A.C.",
      amounts: {
        baseDg: 53597,
        igvDg: 9647,
        baseDgng: 0,
        igvDgng: 0,
        baseDng: 0,
        igvDng: 0,
        nonTaxed: 0,
        isc: 0,
        icbper: 0,
        otherCharges: 0,
        total: 63244,
      },
      currency: 'USD',
      exchangeRate: '3.373',
      modified: null,
      noteType: null,
      status: '1',
    });
    expect(second).toMatchObject({
      line: 3,
      car: '2060690136507FN040000000239',
      supplierName: 'ÑANDÚ COMERCIAL S.R.L.',
      amounts: { baseDg: -31356, igvDg: -5644, total: -37000 },
      modified: {
        issueDate: '2025-12-05',
        type: '01',
        series: 'F004',
        customsCode: '',
        number: '6416',
      },
      noteType: '01',
    });
    expect(third).toMatchObject({
      car: '2010004721801FI010017682247',
      issueDate: '2025-03-20',
      supplierName: 'BANCO “DEL NORTE” – 20 €',
      amounts: { nonTaxed: 4050, total: 4050 },
      status: '2',
    });
  });

  it.each(formats)('reads a %s the same in chunks of any size', async (_, options) => {
    const file = proposalFile([invoice, creditNote, excludedEarlier], options);
    const whole = await entriesOf([file]);
    for (const size of [1, 2, 3, 7, 64, 1000]) {
      expect(await entriesOf(inPieces(file, size)), `${size}-byte chunks`).toEqual(whole);
    }
  });

  it('reads from an async stream of chunks', async () => {
    const file = proposalFile([invoice, creditNote], { format: 'csv' });
    async function* stream() {
      for (const piece of inPieces(file, 100)) {
        await Promise.resolve();
        yield piece;
      }
    }
    expect(await entriesOf(stream())).toHaveLength(2);
  });

  it('decodes the HTML references SIRE leaves in names, once', async () => {
    const [row] = await rowsOf(
      proposalFile([{ ...invoice, supplierName: 'A &amp; B &#039;C&#x27; &Ntilde;&quot;' }], {
        format: 'csv',
        escapeNames: false,
      }),
    );
    expect(row!.supplierName).toBe(`A & B 'C' Ñ"`);
    const [twice] = await rowsOf(
      proposalFile([{ ...invoice, supplierName: 'A &amp;amp; B &bogus; &#0;' }], {
        format: 'csv',
        escapeNames: false,
      }),
    );
    expect(twice!.supplierName).toBe('A &amp; B &bogus; &#0;');
  });

  it('finds the columns by their labels, in any order and spelt with other spacing or accents', async () => {
    const order = PROPOSAL_HEADER.map((_, i) => i).reverse();
    const header = order.map((i) =>
      PROPOSAL_HEADER[i]!.replace('Razón  Social', 'Razón Social')
        .replace('Fecha de emisión', 'FECHA DE EMISION')
        .replace('Est. Comp.', 'Est.Comp'),
    );
    const values = [...Object.values(proposalFields(invoice)), ...new Array<string>(39).fill('')];
    const row = order.map((i) => values[i]).join('|');
    const [read] = await rowsOf(text(`${header.join('|')}\n${row}\n`));
    expect(read).toMatchObject({
      car: '2052642230001F0010000100286',
      supplierName: "FERRETERÍA O'BRIEN & HIJOS S.A.C.",
      issueDate: '2025-12-15',
      status: '1',
    });
  });

  it('keeps the 80 labels of the real header distinct once normalised', () => {
    expect(new Set(PROPOSAL_HEADER.map(normalizeLabel)).size).toBe(80);
  });

  it('refuses a file without the needed columns and lists them', async () => {
    const header = PROPOSAL_HEADER.filter(
      (label) => label !== 'CAR SUNAT' && label !== 'Total CP' && label !== 'Est. Comp.',
    );
    const error = await refusal(proposalFile([], { format: 'txt', header }));
    expect(error.code).toBe('missing_columns');
    expect(error.missingColumns).toEqual(['CAR SUNAT', 'Total CP', 'Est. Comp.']);
    expect(error.message).toBe(
      "El archivo no es una propuesta del RCE de SIRE: le faltan las columnas 'CAR SUNAT', 'Total CP', 'Est. Comp.'.",
    );
  });

  it('refuses a file that is not a proposal at all', async () => {
    const error = await refusal(text('fecha,monto\n01/12/2025,10.00\n'));
    expect(error.code).toBe('missing_columns');
    expect(error.missingColumns).toContain('CAR SUNAT');
  });

  it('refuses an empty file', async () => {
    for (const content of ['', '\r\n\n   \n', '\ufeff']) {
      expect((await refusal(text(content))).code, JSON.stringify(content)).toBe('empty');
    }
  });

  it('reads a header without rows as a proposal with no documents', async () => {
    expect(await entriesOf([proposalFile([], { format: 'csv' })])).toEqual([]);
  });

  it('lists malformed amounts and dates with their line, and reads the rest', async () => {
    const file = proposalFile(
      [
        invoice,
        { ...creditNote, baseDg: '12,5', issueDate: '2025-02-30' },
        proposalFields({ ...invoice, number: 7 }),
        { ...invoice, number: 8, total: '' },
        excludedEarlier,
      ],
      { format: 'txt' },
    );
    const entries = await entriesOf([file]);
    expect(entries.map((entry) => entry.kind)).toEqual(['row', 'error', 'row', 'error', 'row']);
    expect(entries[1]).toEqual({
      kind: 'error',
      error: {
        line: 3,
        car: '2060690136507FN040000000239',
        problems: [
          "'Fecha de emisión' '30/02/2025' no es una fecha DD/MM/AAAA",
          "'BI Gravado DG' '12,5' no es un importe (dígitos y hasta dos decimales con punto)",
        ],
        message:
          "Línea 3 (CAR 2060690136507FN040000000239): 'Fecha de emisión' '30/02/2025' no es una fecha DD/MM/AAAA; 'BI Gravado DG' '12,5' no es un importe (dígitos y hasta dos decimales con punto).",
      },
    });
    expect(entries[3]).toMatchObject({
      kind: 'error',
      error: { line: 5, problems: ["'Total CP' está vacío"] },
    });
  });

  it('says which CAR, period, type and currency are unreadable', async () => {
    const fields = {
      ...proposalFields(invoice),
      car: 'ABC',
      period: '202513',
      type: '1',
      currency: 'soles',
    };
    const [entry] = await entriesOf([proposalFile([fields], { format: 'csv' })]);
    expect(entry).toMatchObject({
      kind: 'error',
      error: {
        car: null,
        problems: [
          "'CAR SUNAT' 'ABC' no es un CAR de 27 letras o dígitos",
          "'Periodo' '202513' no es un periodo AAAAMM",
          "'Tipo CP/Doc.' '1' no es un tipo de comprobante de dos caracteres",
          "'Moneda' 'soles' no es un código de moneda de tres letras",
        ],
      },
    });
  });

  it('reads quoted CSV fields with commas, quotes and line breaks', async () => {
    const name = 'CASA "EL SOL", LÍNEA\nDOS';
    const file = proposalFile([{ ...invoice, supplierName: name }, creditNote], {
      format: 'csv',
      escapeNames: false,
    });
    const [first, second] = await rowsOf(file);
    expect(first!.supplierName).toBe(name);
    expect(second!.line).toBe(4);
  });

  it('reads a CSV saved again with semicolons and Windows line ends', async () => {
    const file = new TextDecoder()
      .decode(proposalFile([invoice], { format: 'csv', lineEnd: '\r\n', escapeNames: false }))
      .replace(/,/g, ';');
    const [row] = await rowsOf(text(`${file};;;;\r\n;;;;;\r\n`));
    expect(row!.car).toBe('2052642230001F0010000100286');
  });

  it('refuses a line too long to be a row, without holding it', async () => {
    const header = new TextDecoder().decode(proposalFile([], { format: 'txt', encoding: 'utf-8' }));
    const error = await refusal(text(`${header}${'x'.repeat(70_000)}`));
    expect(error.code).toBe('line_too_long');
    expect(error.message).toContain('La línea 2 tiene más de 65536 caracteres');
  });

  it('refuses UTF-16 with a way out', async () => {
    const error = await refusal(Uint8Array.of(0xff, 0xfe, 0x52, 0x00));
    expect(error.code).toBe('encoding');
  });
});
