import { describe, expect, it } from 'vitest';
import { fixtureBytes, readManifest } from '../test/fixtures.js';
import { UblError } from './errors.js';
import { moneySummaryOf, readMoneyFacts, type MoneySummary } from './money-facts.js';
import { parseUblDocument } from './parse-ubl-document.js';

const NOTHING: MoneySummary = {
  paymentForm: null,
  installmentCount: 0,
  detraction: false,
  detractionCode: null,
  detractionPercent: null,
  detractionAmount: null,
  detractionAccount: null,
  perceptionAmount: null,
  retentionAmount: null,
};

const summaryOf = (name: string): MoneySummary => readMoneyFacts(fixtureBytes(name)).summary;

describe('the money summary of each withholding shape', () => {
  it('detraction with its account, paid in cash (20606433094-01-F001-3)', () => {
    expect(summaryOf('20606433094-01-F001-3.xml')).toEqual({
      ...NOTHING,
      paymentForm: 'Contado',
      detraction: true,
      detractionCode: '022',
      detractionPercent: '12.00',
      detractionAmount: '123.00',
      detractionAccount: '00-045-091619',
    });
  });

  it('two instalments, even where the rest of the document is refused (1_FACTURA_CREDITO_02_CUOTAS)', () => {
    expect(() => parseUblDocument(fixtureBytes('1_FACTURA_CREDITO_02_CUOTAS.xml'))).toThrow(
      UblError,
    );
    const facts = readMoneyFacts(fixtureBytes('1_FACTURA_CREDITO_02_CUOTAS.xml'));
    expect(facts.summary).toEqual({ ...NOTHING, paymentForm: 'Credito', installmentCount: 2 });
    expect(facts.payment?.installments).toEqual([
      { id: 'Cuota001', amount: '370.71', dueDate: '2022-01-31' },
      { id: 'Cuota002', amount: '359.00', dueDate: '2022-02-28' },
    ]);
  });

  it('percepción (20552187343-01-F001-51)', () => {
    expect(summaryOf('20552187343-01-F001-51.xml')).toEqual({
      ...NOTHING,
      paymentForm: 'Contado',
      perceptionAmount: '66.08',
    });
  });

  it('IGV retention on credit (20611734027-01-F001-62)', () => {
    expect(summaryOf('20611734027-01-F001-62.xml')).toEqual({
      ...NOTHING,
      paymentForm: 'Credito',
      installmentCount: 2,
      retentionAmount: '35.40',
    });
  });

  it('a legacy note: subject to detraction, nothing else known (20603355519-01-E001-170)', () => {
    expect(summaryOf('20603355519-01-E001-170.xml')).toEqual({ ...NOTHING, detraction: true });
  });

  it('a document that says nothing of money', () => {
    expect(moneySummaryOf(null)).toEqual(NOTHING);
    expect(summaryOf('20100454523-07-FC01-00000211.xml')).toEqual(NOTHING);
  });

  it('instalments without a stated form are on credit', () => {
    expect(
      moneySummaryOf({
        method: null,
        pendingAmount: null,
        installments: [{ id: 'Cuota001', amount: '10.00', dueDate: null }],
        detraction: null,
        perception: null,
        retention: null,
      }).paymentForm,
    ).toBe('Credito');
  });
});

describe('readMoneyFacts', () => {
  const readable = readManifest()
    .filter((row) => ['invoice', 'boleta', 'credit', 'debit'].includes(row.kind!))
    .filter((row) => !/is not 11 digits/.test(row.notes!))
    .map((row) => row.file!);

  it.each(readable)('reads what the full reader reads of %s', (name) => {
    const bytes = fixtureBytes(name);
    const { payment } = parseUblDocument(bytes);
    expect(readMoneyFacts(bytes)).toEqual({ payment, summary: moneySummaryOf(payment) });
  });

  it('refuses what is not a document, as the full reader does', () => {
    expect(() => readMoneyFacts(fixtureBytes('EjemploPercepcion.xml'))).toThrow(
      'El XML no está bien formado (línea 43, columna 21).',
    );
    expect(() => readMoneyFacts('<a/>')).toThrow(UblError);
    expect(() => readMoneyFacts(fixtureBytes('RHE1048344835617.xml'))).toThrow(
      /recibo por honorarios/,
    );
    expect(() => readMoneyFacts(fixtureBytes('R-20600995805-01-F001-3.xml'))).toThrow(
      /constancia de recepción/,
    );
  });
});
