import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureFileNames, fixtureLatin1 } from '../test/fixtures.js';
import { documentBytes, fuzzParameters, mutatedDocument } from '../test/ubl-mutations.js';
import { canonicalDecimal, isDecimal } from './decimal.js';
import { UblError } from './errors.js';
import { readMoneyFacts } from './money-facts.js';
import { parseCdr } from './parse-cdr.js';
import { parseSunatDocument, parseUblDocument } from './parse-ubl-document.js';
import { registerAmountsOf } from './register-amounts.js';

/**
 * Mutated real documents: the reader answers a document or a UblError with a
 * message, never another exception, and what it answers keeps its promises.
 */

const xmlFixtures = fixtureFileNames().filter((name) => /\.xml$/i.test(name));
const documents = xmlFixtures.filter((name) => !name.startsWith('R-') && !name.startsWith('efact'));
const cdrs = xmlFixtures.filter((name) => name.startsWith('R-') || name.startsWith('efact'));

function readOrRefuse<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof UblError && error.message.length > 0) return null;
    throw error;
  }
}

describe('reading mutated real documents', () => {
  // Generous timeouts: the case counts fit a minute with the rest of the suite's fuzzing.
  it(
    'answers a document or a UblError, and a document keeps its promises',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(mutatedDocument(documents.map(fixtureLatin1)), (text) => {
          const doc = readOrRefuse(() => parseUblDocument(documentBytes(text)));
          if (doc === null) return;
          expect(isDecimal(doc.totals.payable)).toBe(true);
          expect(doc.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          for (const line of doc.lines)
            expect(canonicalDecimal(line.lineTotal)).toBe(line.lineTotal);
          registerAmountsOf(doc);
        }),
        fuzzParameters('UBL reader fuzz', 2_000),
      );
    },
  );

  it(
    'reads the money facts of mutated documents the same way, every amount exact',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(mutatedDocument(documents.map(fixtureLatin1)), (text) => {
          const facts = readOrRefuse(() => readMoneyFacts(documentBytes(text)));
          if (facts === null) return;
          const { summary } = facts;
          for (const amount of [
            summary.detractionAmount,
            summary.perceptionAmount,
            summary.retentionAmount,
            ...(facts.payment?.installments.map((installment) => installment.amount) ?? []),
          ]) {
            if (amount !== null) expect(canonicalDecimal(amount)).toBe(amount);
          }
          expect(summary.installmentCount).toBe(facts.payment?.installments.length ?? 0);
        }),
        fuzzParameters('money facts fuzz', 500),
      );
    },
  );

  it('reads mutated retention and perception receipts the same way', { timeout: 60_000 }, () => {
    const receipts = documents.filter((name) => /^\d{11}-(20|40)-/.test(name));
    fc.assert(
      fc.property(mutatedDocument(receipts.map(fixtureLatin1)), (text) => {
        const doc = readOrRefuse(() => parseSunatDocument(documentBytes(text)));
        if (doc === null || (doc.type !== '20' && doc.type !== '40')) return;
        expect(canonicalDecimal(doc.totalAmount)).toBe(doc.totalAmount);
        expect(doc.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(doc.documents.length).toBeGreaterThan(0);
      }),
      fuzzParameters('withholding receipt fuzz', 500),
    );
  });

  it('reads mutated CDRs the same way', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(mutatedDocument(cdrs.map(fixtureLatin1)), (text) => {
        readOrRefuse(() => parseCdr(documentBytes(text)));
      }),
      fuzzParameters('CDR reader fuzz', 300),
    );
  });

  it('tells a negative line tax from a malformed one', () => {
    expect(canonicalDecimal('-8.44')).toBe('-8.44');
    expect(canonicalDecimal('-8.44.')).toBeNull();
  });
});
