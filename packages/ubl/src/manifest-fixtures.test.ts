import { describe, expect, it } from 'vitest';
import {
  fixtureBytes,
  fixtureFileNames,
  readManifest,
  type ManifestRow,
} from '../test/fixtures.js';
import { toTwoDecimals } from './decimal.js';
import { UblError } from './errors.js';
import { parseCdr } from './parse-cdr.js';
import { parseSunatDocument, parseUblDocument } from './parse-ubl-document.js';
import type { UblDocumentType, UblErrorCode, WithholdingType } from './types.js';

/**
 * Every real sample is a test case, driven by MANIFEST.tsv: what the manifest
 * states about a file is what the reader must find in it.
 */

const manifest = readManifest();

const TYPE_BY_KIND: Readonly<Record<string, UblDocumentType>> = {
  invoice: '01',
  boleta: '03',
  credit: '07',
  debit: '08',
};

/** "20100454523-07-FC01-211.xml" → "07"; files named otherwise fall back to the kind. */
function expectedType(row: ManifestRow): UblDocumentType {
  const fromName = /^\d{11}-(0[1378])-/.exec(row.file!)?.[1];
  return (fromName as UblDocumentType | undefined) ?? TYPE_BY_KIND[row.kind!]!;
}

function caught(action: () => unknown): UblError {
  try {
    action();
  } catch (error) {
    if (error instanceof UblError) return error;
    throw error;
  }
  throw new Error('expected a UblError');
}

/** How each sample of kind "other" must be refused, and why (from its manifest notes). */
const OTHER_EXPECTATIONS: Readonly<
  Record<string, { codes: readonly UblErrorCode[]; message: RegExp }>
> = {
  'EjemploPercepcion.xml': {
    codes: ['malformed'],
    message: /^El XML no está bien formado \(línea 43, columna 21\)\.$/,
  },
  'EmptySign.xml': { codes: ['not_ubl', 'missing_field'], message: /^Falta / },
  'RHE1048344835617.xml': { codes: ['unsupported_type'], message: /recibo por honorarios/ },
};

describe('MANIFEST.tsv', () => {
  it('describes every sample file, and only those', () => {
    expect(manifest.map((row) => row.file).sort()).toEqual(fixtureFileNames().sort());
  });
});

describe.each(manifest.filter((row) => row.kind! in TYPE_BY_KIND))('receipt $file', (row) => {
  const bytes = fixtureBytes(row.file!);
  const masked = /issuer RUC '[^']*' is not 11 digits/.test(row.notes!);

  if (masked) {
    it('is refused because its issuer RUC is masked', () => {
      const error = caught(() => parseUblDocument(bytes));
      expect(error.code).toBe('invalid_value');
      expect(error.message).toBe(`El RUC del emisor '${row.issuer_ruc}' no tiene 11 dígitos.`);
    });
    return;
  }

  it('reads what the manifest states', () => {
    const document = parseUblDocument(bytes);
    expect({
      ublVersion: document.ublVersion,
      type: document.type,
      issuer: document.issuer.ruc,
      id: document.id,
      issueDate: document.issueDate,
      currency: document.currency,
      payable: toTwoDecimals(document.totals.payable),
      customerType: document.customer.documentType,
      customer: document.customer.documentNumber,
      signed: document.signature.present,
    }).toEqual({
      ublVersion: row.ubl_version,
      type: expectedType(row),
      issuer: row.issuer_ruc,
      id: row.series_number,
      issueDate: row.issue_date,
      currency: row.currency,
      payable: toTwoDecimals(row.payable_amount!),
      customerType: row.customer_doc_type,
      customer: row.customer_doc,
      signed: row.signed === 'yes',
    });
  });

  it('splits the series and number of its id', () => {
    const document = parseUblDocument(bytes);
    const [series, number] = row.series_number!.split('-');
    expect(document.series).toBe(series!.toUpperCase());
    expect(document.number).toBe(number!.replace(/^0+/, ''));
  });
});

const WITHHOLDING_TYPE_BY_KIND: Readonly<Record<string, WithholdingType>> = {
  retention: '20',
  perception: '40',
};

describe.each(manifest.filter((row) => row.kind! in WITHHOLDING_TYPE_BY_KIND))(
  'withholding receipt $file',
  (row) => {
    const bytes = fixtureBytes(row.file!);
    const type = WITHHOLDING_TYPE_BY_KIND[row.kind!]!;

    it('reads what the manifest states', () => {
      const receipt = parseSunatDocument(bytes);
      if (receipt.type !== '20' && receipt.type !== '40') throw new Error('not a receipt');
      expect({
        ublVersion: receipt.ublVersion,
        type: receipt.type,
        issuer: receipt.issuer.ruc,
        id: receipt.id,
        issueDate: receipt.issueDate,
        currency: receipt.currency,
        total: receipt.totalAmount,
        receiverType: receipt.receiver.documentType,
        receiver: receipt.receiver.documentNumber,
        signed: receipt.signature.present,
      }).toEqual({
        ublVersion: row.ubl_version,
        type,
        issuer: row.issuer_ruc,
        id: row.series_number,
        issueDate: row.issue_date,
        currency: row.currency,
        total: row.payable_amount,
        receiverType: row.customer_doc_type,
        receiver: row.customer_doc,
        signed: row.signed === 'yes',
      });
    });

    it('is still refused by the reader of sales receipts', () => {
      const error = caught(() => parseUblDocument(bytes));
      expect(error.code).toBe('unsupported_type');
      expect(error.message).toMatch(type === '20' ? /retención \(20\)/ : /percepción \(40\)/);
    });
  },
);

describe.each(manifest.filter((row) => row.kind === 'cdr'))('CDR $file', (row) => {
  it('reads what the manifest states', () => {
    const cdr = parseCdr(fixtureBytes(row.file!));
    const responseCode = /ResponseCode=(\d+)/.exec(row.notes!)?.[1];
    expect({
      documentId: cdr.documentId,
      issuerRuc: cdr.issuerRuc,
      receiverDocument: cdr.receiverDocument,
      issueDate: cdr.issueDate,
      responseCode: cdr.responseCode,
    }).toEqual({
      documentId: row.series_number,
      issuerRuc: row.issuer_ruc || null,
      receiverDocument: row.customer_doc || null,
      issueDate: row.issue_date!.slice(0, 10) || null,
      responseCode,
    });
  });

  it('lists the observations the manifest quotes', () => {
    const cdr = parseCdr(fixtureBytes(row.file!));
    const quoted =
      /CDR observations in cbc:Note: ([^;]*)/.exec(row.notes!)?.[1]?.split(' | ') ?? [];
    expect(cdr.observations).toHaveLength(quoted.length);
    quoted.forEach((start, index) => {
      expect(cdr.observations[index]?.slice(0, start.length)).toBe(start);
    });
  });
});

describe.each(manifest.filter((row) => row.kind === 'other'))('other document $file', (row) => {
  it('is refused with the reason its notes give', () => {
    const expected = OTHER_EXPECTATIONS[row.file!];
    expect(expected, 'every sample of kind other has an expectation').toBeDefined();
    for (const parse of [parseUblDocument, parseSunatDocument]) {
      const error = caught(() => parse(fixtureBytes(row.file!)));
      expect(expected!.codes).toContain(error.code);
      expect(error.message).toMatch(expected!.message);
    }
  });
});
