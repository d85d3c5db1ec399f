import { describe, expect, it } from 'vitest';
import { PROPOSAL_COLUMNS } from '../proposal/columns.js';
import { complementFile, type ComplementDocument } from './complement-file.js';
import { inclusionFile } from './inclusion-file.js';
import { UploadFileError } from './upload-file.js';

const RECEIVER = '20529929821';
const INVOICE_CAR = '2052642230001F0010000100286';
const NOTE_CAR = '2060690136507FN040000000239';

const text = (content: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(content);

/** The fields of each line, by their code name. */
function rowsOf(content: Uint8Array): Record<string, string>[] {
  const lines = text(content).split('\r\n');
  expect(lines.pop()).toBe('');
  return lines.map((line) => {
    const fields = line.split('|');
    expect(fields).toHaveLength(37);
    return Object.fromEntries(PROPOSAL_COLUMNS.slice(0, 37).map(({ key }, i) => [key, fields[i]!]));
  });
}

function refusal(write: () => unknown): UploadFileError {
  try {
    write();
  } catch (error) {
    if (error instanceof UploadFileError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the include/exclude file', () => {
  it('writes the CAR in field 4 and 1 or 2 in field 37, every other field empty', () => {
    const file = inclusionFile({
      receiverRuc: RECEIVER,
      period: '202512',
      sequence: 1,
      entries: [
        { car: INVOICE_CAR, action: 'exclude' },
        { car: NOTE_CAR, action: 'include' },
      ],
    });
    expect(file.name).toBe('20529929821-RCEINEX-202512-01.txt');
    expect(file.rows).toBe(2);
    expect(text(file.content)).toBe(
      `|||${INVOICE_CAR}${'|'.repeat(33)}1\r\n|||${NOTE_CAR}${'|'.repeat(33)}2\r\n`,
    );
  });

  it('refuses to exclude a credit note, a CAR twice, or what is not a CAR', () => {
    const write = (entries: { car: string; action: 'exclude' | 'include' }[]) => () =>
      inclusionFile({ receiverRuc: RECEIVER, period: '202512', sequence: 2, entries });
    expect(refusal(write([{ car: NOTE_CAR, action: 'exclude' }])).message).toBe(
      `El CAR ${NOTE_CAR} es una nota de crédito (tipo 07): SIRE no permite excluirla de la propuesta.`,
    );
    expect(
      refusal(
        write([
          { car: INVOICE_CAR, action: 'exclude' },
          { car: INVOICE_CAR, action: 'include' },
        ]),
      ).message,
    ).toContain('está dos veces');
    expect(refusal(write([{ car: 'F001-100286', action: 'exclude' }])).code).toBe('invalid_row');
    expect(refusal(write([])).message).toBe('No hay comprobantes que enviar a SIRE.');
  });

  it('names the file only with a RUC, a period and a sequence SIRE accepts', () => {
    const entries = [{ car: INVOICE_CAR, action: 'exclude' as const }];
    expect(
      inclusionFile({ receiverRuc: RECEIVER, period: '202601', sequence: 12, entries }).name,
    ).toBe('20529929821-RCEINEX-202601-12.txt');
    for (const [receiverRuc, period, sequence] of [
      ['2052992982', '202512', 1],
      [RECEIVER, '202513', 1],
      [RECEIVER, '202512', 0],
      [RECEIVER, '202512', 100],
    ] as const) {
      expect(refusal(() => inclusionFile({ receiverRuc, period, sequence, entries })).code).toBe(
        'invalid_file',
      );
    }
  });
});

describe('the complement file', () => {
  const invoice: ComplementDocument = {
    issueDate: '2025-11-30',
    dueDate: '2025-12-30',
    type: '01',
    series: 'f001',
    number: '2188',
    supplier: { idType: '6', id: '20609209578', name: 'LA COCINA | CENTRAL S.A.C.\nÑAÑA/ÑOÑO' },
    amounts: { baseDg: 53597, igvDg: 9647, total: 63244 },
    currency: 'USD',
    exchangeRate: '3.373',
  };
  const creditNote: ComplementDocument = {
    issueDate: '2025-12-05',
    type: '07',
    series: 'FN04',
    number: '239',
    supplier: { idType: '6', id: '20606901365', name: 'REGENDA ITK CORPORACION S.R.L.' },
    amounts: { baseDg: 31356, igvDg: 5644, total: 37000 },
    currency: 'PEN',
    modified: { issueDate: '2025-12-05', type: '01', series: 'F004', number: '6416' },
  };
  const input = {
    receiverRuc: RECEIVER,
    receiverName: 'CONSTRUCTORA ANDINA E.I.R.L.',
    period: '202512',
    sequence: 3,
  };

  it("writes fields 1 to 37 of the proposal's layout, CAR left to SUNAT", () => {
    const file = complementFile({ ...input, documents: [invoice, creditNote] });
    expect(file.name).toBe('20529929821-CP-202512-03.txt');
    expect(file.content[0], 'no byte-order mark').toBe('2'.charCodeAt(0));
    const [first, second] = rowsOf(file.content);
    expect(first).toEqual({
      receiverRuc: RECEIVER,
      receiverName: 'CONSTRUCTORA ANDINA E.I.R.L.',
      period: '202512',
      car: '',
      issueDate: '30/11/2025',
      dueDate: '30/12/2025',
      type: '01',
      series: 'F001',
      customsYear: '',
      number: '2188',
      lastNumber: '',
      supplierIdType: '6',
      supplierId: '20609209578',
      supplierName: 'LA COCINA CENTRAL S.A.C. ÑAÑA ÑOÑO',
      baseDg: '535.97',
      igvDg: '96.47',
      baseDgng: '0.00',
      igvDgng: '0.00',
      baseDng: '0.00',
      igvDng: '0.00',
      nonTaxed: '0.00',
      isc: '0.00',
      icbper: '0.00',
      otherCharges: '0.00',
      total: '632.44',
      currency: 'USD',
      exchangeRate: '3.373',
      modifiedIssueDate: '',
      modifiedType: '',
      modifiedSeries: '',
      modifiedCustomsCode: '',
      modifiedNumber: '',
      goodsClass: '',
      projectId: '',
      participation: '',
      imb: '',
      inclusion: '',
    });
    expect(second).toMatchObject({
      type: '07',
      baseDg: '-313.56',
      igvDg: '-56.44',
      baseDgng: '0.00',
      total: '-370.00',
      exchangeRate: '1.000',
      modifiedIssueDate: '05/12/2025',
      modifiedType: '01',
      modifiedSeries: 'F004',
      modifiedNumber: '6416',
    });
  });

  it('writes a credit note negative once, whatever the sign it is given with', () => {
    const negative = { ...creditNote, amounts: { baseDg: -31356, igvDg: -5644, total: -37000 } };
    const [row] = rowsOf(complementFile({ ...input, documents: [negative] }).content);
    expect(row).toMatchObject({ baseDg: '-313.56', igvDg: '-56.44', total: '-370.00' });
  });

  it('says which document cannot be sent and why', () => {
    const cases: [ComplementDocument, string][] = [
      [{ ...invoice, exchangeRate: null }, 'en USD necesita el tipo de cambio (#.###)'],
      [{ ...invoice, issueDate: '2026-01-02' }, 'su fecha de emisión es posterior al periodo'],
      [{ ...invoice, issueDate: '2025-02-30' }, "la fecha de emisión '2025-02-30' no es válida"],
      [{ ...creditNote, modified: null }, 'una nota necesita el comprobante que modifica'],
    ];
    for (const [document, reason] of cases) {
      expect(refusal(() => complementFile({ ...input, documents: [document] })).message).toBe(
        `El comprobante ${document.type} ${document.series}-${document.number} de ${document.supplier.id} no puede enviarse: ${reason}.`,
      );
    }
  });
});
